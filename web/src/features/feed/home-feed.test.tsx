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

  it('lands an old link to the Fediverse tab (?tab=fediverse) on Following, where stories from elsewhere are now', async () => {
    mockIntersectionObserver();
    signIn(7);
    const fetchMock = mockApi((path) => {
      if (path === 'following/posts') return { body: aPage([aPost({ id: 2, title: 'A story from afar', category_id: null })]) };
      if (path === 'categories') return { body: categories };
      return undefined;
    });
    renderApp('/?tab=fediverse');
    expect(await screen.findByText('A story from afar')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'feed-tab-following');
    const following = fetchMock.mock.calls.find(([url]) => String(url) === '/api/user/following/posts');
    expect(jsonBody(following![1] as RequestInit)).toEqual({ user_id: 7 });
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('view-posts'))).toBe(false);
    expect(screen.queryByRole('tab', { name: 'Fediverse' })).not.toBeInTheDocument();
  });

  it('falls back to every category when the chosen topics cannot be read', async () => {
    mockIntersectionObserver();
    signIn(7);
    mockApi((path) => {
      if (path === 'view-posts') return { body: aPage([]) };
      if (path === 'categories') return { body: categories };
      return undefined; // user-categories: 404
    });
    renderApp('/');
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
