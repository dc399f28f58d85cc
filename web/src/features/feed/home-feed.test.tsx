import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SENTINEL_THRESHOLD, encodeId } from '@inkwell/contract';
import { jsonBody, mockApi, renderApp } from '../../test/render';
import { aPage, aPost, mockIntersectionObserver, signIn } from '../../test/posts';

const categories = {
  categories: [
    { id: 3, name: 'Science', description: null, followers_count: 0 },
    { id: 4, name: 'Poetry', description: null, followers_count: 0 },
  ],
};

describe('Home feed', () => {
  it('loads the next page when the 50 px sentinel is fully visible and stops at next_page_url null', async () => {
    const io = mockIntersectionObserver();
    const fetchMock = mockApi((path) => {
      if (path === 'view-posts') return { body: aPage([aPost({ id: 1 }), aPost({ id: 2 })], '/api/user/view-posts?cursor=a') };
      if (path === 'view-posts?cursor=a') return { body: aPage([aPost({ id: 3 })], '/api/user/view-posts?cursor=b') };
      if (path === 'view-posts?cursor=b') return { body: aPage([aPost({ id: 4 })], null) };
      if (path === 'categories') return { body: categories };
      return undefined;
    });
    renderApp('/');
    expect(await screen.findByText('Post 1')).toBeInTheDocument();
    const sentinel = screen.getByTestId('sentinel');
    expect(sentinel).toHaveClass('h-[50px]');
    expect([...io.observers][0]?.options?.threshold).toBe(SENTINEL_THRESHOLD);

    act(() => io.reveal(sentinel));
    expect(await screen.findByText('Post 3')).toBeInTheDocument();
    act(() => io.reveal(screen.getByTestId('sentinel')));
    expect(await screen.findByText('Post 4')).toBeInTheDocument();
    expect(screen.queryByTestId('sentinel')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('post-card')).toHaveLength(4);

    // The next pages were POSTed with the same body (a visitor sends no user_id).
    const calls = fetchMock.mock.calls.filter(([url]) => String(url).includes('view-posts'));
    expect(calls.map(([url]) => String(url))).toEqual(['/api/user/view-posts', '/api/user/view-posts?cursor=a', '/api/user/view-posts?cursor=b']);
    for (const [, init] of calls) expect(jsonBody(init as RequestInit)).toEqual({});
  });

  it("shows 'No posts available.' for an empty feed and for a failed one", async () => {
    mockIntersectionObserver();
    mockApi((path) => (path === 'view-posts' ? { status: 500, body: { message: 'boom' } } : undefined));
    renderApp('/');
    expect(await screen.findByText('No posts available.')).toBeInTheDocument();
  });

  it('shows skeleton cards while the first page loads', async () => {
    mockIntersectionObserver();
    mockApi(() => undefined);
    renderApp('/');
    expect((await screen.findAllByTestId('post-card-skeleton')).length).toBeGreaterThan(0);
  });

  it("offers 'Following' only when signed in, and the plus icon goes to /recommendation", async () => {
    mockIntersectionObserver();
    mockApi((path) => (path === 'view-posts' ? { body: aPage([]) } : undefined));
    renderApp('/');
    await screen.findByText('No posts available.');
    expect(screen.getByRole('tab', { name: 'For you' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Following' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage recommended topics' })).toHaveAttribute('href', '/recommendation');
  });

  it('switching tabs clears the list and reloads each feed from its first page', async () => {
    mockIntersectionObserver();
    signIn(7);
    let forYouCalls = 0;
    const fetchMock = mockApi((path) => {
      if (path === 'view-posts') {
        forYouCalls += 1;
        return { body: aPage([aPost({ id: 1, title: `For you ${forYouCalls}` })], '/api/user/view-posts?cursor=x') };
      }
      if (path === 'following/posts') return { body: aPage([aPost({ id: 2, title: 'From a followed author' })]) };
      if (path === 'categories-name') return { body: { posts: aPage([aPost({ id: 3, title: 'A science post' })]) } };
      if (path === 'categories') return { body: categories };
      if (path === 'user-categories') return { body: [{ category_id: 3 }] };
      return undefined;
    });
    const { router } = renderApp('/');
    const user = userEvent.setup();
    expect(await screen.findByText('For you 1')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Following' }));
    expect(await screen.findByText('From a followed author')).toBeInTheDocument();
    expect(screen.queryByText('For you 1')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=following');
    const following = fetchMock.mock.calls.find(([url]) => String(url) === '/api/user/following/posts');
    expect(jsonBody(following![1] as RequestInit)).toEqual({ user_id: 7 });

    // Only the viewer's chosen categories appear as tabs.
    expect(await screen.findByRole('tab', { name: 'Science' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Poetry' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Science' }));
    expect(await screen.findByText('A science post')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?tab=catogery&category=${encodeId(3)}`);
    const category = fetchMock.mock.calls.find(([url]) => String(url) === '/api/user/categories-name');
    expect(jsonBody(category![1] as RequestInit)).toEqual({ category_id: 3, user_id: 7 });

    // Back to 'For you': the list starts again from page one (a fresh first-page call, not the cache).
    await user.click(screen.getByRole('tab', { name: 'For you' }));
    expect(await screen.findByText('For you 2')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'For you' })).toHaveAttribute('aria-selected', 'true');
    const firstPageCalls = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/user/view-posts');
    expect(firstPageCalls).toHaveLength(2);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('cursor=x'))).toBe(false);
  });

  it('shows the stories of the accounts followed on the fediverse under its own tab, readable here', async () => {
    mockIntersectionObserver();
    signIn(7);
    const story = {
      id: 5,
      url: 'https://mastodon.example/@lin/1',
      title: 'Letters from elsewhere',
      summary: 'A summary',
      content: '<p>Hello <strong>Inkwell</strong>.</p>',
      published_at: '2026-11-27T10:00:00.000Z',
      updated_at: '2026-11-27T10:00:00.000Z',
      account: { account_id: 9, handle: '@lin@mastodon.example', name: 'Lin', url: 'https://mastodon.example/@lin' },
      liked: false,
      replies: [] as Array<{ id: number; body: string; created_at: string }>,
    };
    let refused = 0;
    const fetchMock = mockApi((path, init) => {
      if (path === 'view-posts') return { body: aPage([]) };
      if (path === 'client-config') return { body: { google_client_id: null, federation: true } };
      if (path === 'fediverse-following/stories') return { body: { data: [story], next_cursor: null } };
      if (path === 'fediverse-following/stories/like') {
        story.liked = (jsonBody(init) as { status: number }).status === 1;
        return { body: { message: 'Liked: its writer’s server is told.', liked: story.liked } };
      }
      if (path === 'fediverse-following/stories/reply' && !refused++) {
        const message = 'Choose a username in Settings first: it is how the fediverse knows you.';
        return { status: 422, body: { message, errors: { reply: [message] } } };
      }
      if (path === 'fediverse-following/stories/reply') {
        story.replies = [{ id: 31, body: (jsonBody(init) as { reply: string }).reply, created_at: '2026-11-27T11:00:00.000Z' }];
        return { body: { message: 'Your reply is on its way.', id: 31 } };
      }
      if (path === 'fediverse-following/stories/reply/delete') {
        story.replies = [];
        return { body: { message: 'Reply deleted: its writer’s server is told.' } };
      }
      return undefined;
    });
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Fediverse' }));
    const card = await screen.findByTestId('fediverse-story');
    expect(router.state.location.search).toBe('?tab=fediverse');
    expect(within(card).getByRole('heading', { name: 'Letters from elsewhere' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Lin' })).toHaveAttribute('href', 'https://mastodon.example/@lin');
    expect(within(card).getByText('A summary')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Read on mastodon\.example/ })).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    await user.click(within(card).getByText('Read here'));
    expect(within(card).getByText('Inkwell').tagName).toBe('STRONG');
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/fediverse-following/stories'));
    expect(jsonBody(call![1] as RequestInit)).toEqual({ user_id: 7 });
    await user.click(within(card).getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true'));
    const liked = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/fediverse-following/stories/like'));
    expect(jsonBody(liked![1] as RequestInit)).toEqual({ user_id: 7, story_id: 5, status: 1 });

    // A reply goes to its writer there, and shows here under the member's replies, until deleted.
    await user.click(within(card).getByRole('button', { name: 'Reply', expanded: false }));
    const box = within(card).getByRole('textbox', { name: 'Reply to Lin' });
    await user.type(box, 'Gladly.');
    await user.click(within(box.closest('form')!).getByRole('button', { name: 'Reply' }));
    // Refused (no username yet): said under the box, which keeps the text.
    expect(await within(card).findByRole('alert')).toHaveTextContent('Choose a username in Settings first');
    expect(box).toHaveValue('Gladly.');
    await user.click(within(box.closest('form')!).getByRole('button', { name: 'Reply' }));
    const mine = await within(card).findByRole('region', { name: 'Your replies' });
    expect(within(mine).getByText('Gladly.')).toBeInTheDocument();
    expect(within(card).queryByRole('textbox')).toBeNull();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/fediverse-following/stories/reply'));
    expect(jsonBody(sent![1] as RequestInit)).toEqual({ user_id: 7, story_id: 5, reply: 'Gladly.' });
    expect(await screen.findByText('Your reply is on its way.')).toBeInTheDocument();
    await user.click(within(mine).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete your reply?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(card).queryByRole('region', { name: 'Your replies' })).toBeNull());
    const deleted = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/fediverse-following/stories/reply/delete'));
    expect(jsonBody(deleted![1] as RequestInit)).toEqual({ user_id: 7, reply_id: 31 });
  });

  it('falls back to every category when the chosen topics cannot be read, and has no Fediverse tab where the server does not federate', async () => {
    mockIntersectionObserver();
    signIn(7);
    mockApi((path) => {
      if (path === 'view-posts') return { body: aPage([]) };
      if (path === 'categories') return { body: categories };
      if (path === 'client-config') return { body: { google_client_id: null, federation: false } };
      return undefined; // user-categories: 404
    });
    // The address names the Fediverse tab, but this server does not federate: no such tab, For you instead.
    renderApp('/?tab=fediverse');
    expect(await screen.findByRole('tab', { name: 'Poetry' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'For you' })).toHaveAttribute('aria-selected', 'true');
    expect(
      within(screen.getByRole('tablist'))
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['For you', 'Following', 'Science', 'Poetry']);
  });

  it('keeps the ?message= banner working above the feed', async () => {
    mockIntersectionObserver();
    mockApi((path) => (path === 'view-posts' ? { body: aPage([aPost()]) } : undefined));
    renderApp('/?success=true&message=Post%20created%20successfully!');
    expect(await screen.findByTestId('home-banner')).toHaveTextContent('Post created successfully!');
    await waitFor(() => expect(screen.getByText('Post 1')).toBeInTheDocument());
  });
});
