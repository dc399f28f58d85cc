import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_POST_IMAGE, DEFAULT_USER_IMAGE, TEXT } from '@inkwell/contract';
import { jsonBody, mockApi, renderApp } from '../../test/render';
import { aPage, aPost, mockIntersectionObserver, signIn } from '../../test/posts';

function feedOf(posts = [aPost()], extra: (path: string, init: RequestInit) => { status?: number; body?: unknown } | undefined = () => undefined) {
  return mockApi((path, init) => extra(path, init) ?? (path === 'view-posts' ? { body: aPage(posts) } : undefined));
}

describe('Post card', () => {
  it('shows author, title, subtitle, cover, the en-GB date and the read time', async () => {
    mockIntersectionObserver();
    feedOf([aPost({ id: 5, title: 'On <b>tags</b>', read_time: 7, likes_count: 9, comments_count: 3 })]);
    renderApp('/');
    const card = await screen.findByTestId('post-card');
    expect(within(card).getByRole('heading', { name: 'On <b>tags</b>' })).toBeInTheDocument(); // text, not HTML
    expect(card.querySelector('b')).toBeNull();
    expect(within(card).getByText('Subtitle 5')).toBeInTheDocument();
    expect(within(card).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(card).getByText('5 March 2026')).toBeInTheDocument();
    expect(within(card).getByText('7 min read')).toBeInTheDocument();
    expect(within(card).getByTestId('likes-count')).toHaveTextContent('9');
    expect(within(card).getByRole('link', { name: 'Comments' })).toHaveAttribute('href', expect.stringMatching(/^\/view-post\/.+#comments$/));
    for (const name of ['Like', 'Share', 'Save']) expect(within(card).getByRole('button', { name })).toBeInTheDocument();
    expect(card.querySelector('img[src="/storage/posts/5.webp"]')).not.toBeNull();
  });

  it('falls back for every missing field (SPEC §8), also when an image fails to load', async () => {
    mockIntersectionObserver();
    feedOf([
      aPost({
        title: '  ',
        sub_title: '',
        image: null,
        created_at: 'not a date',
        author: { id: 20, name: null, profile_picture: 'gone.webp', followers_count: 0 },
      }),
    ]);
    renderApp('/');
    const card = await screen.findByTestId('post-card');
    expect(within(card).getByText(TEXT.titleMissing)).toBeInTheDocument();
    expect(within(card).getByText(TEXT.subTitleMissing)).toBeInTheDocument();
    expect(within(card).getByText(TEXT.dateMissing)).toBeInTheDocument();
    expect(within(card).getByText(TEXT.undefinedAuthor)).toBeInTheDocument();
    const images = Array.from(card.querySelectorAll('img'));
    expect(images.some((img) => img.getAttribute('src') === DEFAULT_POST_IMAGE)).toBe(true);
    const avatar = images.find((img) => img.getAttribute('src') === '/storage/gone.webp')!;
    avatar.dispatchEvent(new Event('error'));
    expect(avatar.getAttribute('src')).toBe(DEFAULT_USER_IMAGE);
  });

  it('likes at once (solid heart, count + 1), sends status 1, and unlikes with status 0', async () => {
    mockIntersectionObserver();
    signIn(7);
    const fetchMock = feedOf([aPost({ id: 5, likes_count: 4 })], (path, init) => {
      if (path !== 'like') return undefined;
      const body = jsonBody(init) as { status: number };
      return { body: { message: 'ok', is_like: body.status === 1, likes_count: body.status === 1 ? 5 : 4 } };
    });
    renderApp('/');
    const user = userEvent.setup();
    const card = await screen.findByTestId('post-card');
    await user.click(within(card).getByRole('button', { name: 'Like' }));
    expect(within(card).getByRole('button', { name: 'Unlike' })).toBeInTheDocument();
    expect(within(card).getByTestId('likes-count')).toHaveTextContent('5');
    const likeCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/user/like');
    expect(jsonBody(likeCall![1] as RequestInit)).toEqual({ user_id: 7, post_id: 5, status: 1 });

    await user.click(within(card).getByRole('button', { name: 'Unlike' }));
    await waitFor(() => expect(within(card).getByTestId('likes-count')).toHaveTextContent('4'));
    const calls = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/user/like');
    expect(jsonBody(calls[1]![1] as RequestInit)).toEqual({ user_id: 7, post_id: 5, status: 0 });
  });

  it('rolls a refused like back and shows a danger notice', async () => {
    mockIntersectionObserver();
    signIn(7);
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    const pending = new Promise<{ status: number; body: unknown }>((resolve) => (answer = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        const reply = url.endsWith('/like')
          ? await pending
          : url.endsWith('/view-posts')
            ? { status: 200, body: aPage([aPost({ likes_count: 4 })]) }
            : { status: 404, body: { message: 'no' } };
        return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    renderApp('/');
    const user = userEvent.setup();
    const card = await screen.findByTestId('post-card');
    await user.click(within(card).getByRole('button', { name: 'Like' }));
    expect(within(card).getByTestId('likes-count')).toHaveTextContent('5');
    answer({ status: 429, body: { message: 'Too many requests, slow down.' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, slow down.');
    expect(screen.getByRole('alert')).toHaveAttribute('data-color', 'danger_light');
    expect(within(card).getByRole('button', { name: 'Like' })).toBeInTheDocument();
    expect(within(card).getByTestId('likes-count')).toHaveTextContent('4');
  });

  it("saves with 'Post Saved' and unsaves with 'Post removed from saved folder', refreshing the user data", async () => {
    mockIntersectionObserver();
    signIn(7);
    const fetchMock = feedOf([aPost({ id: 5 })], (path, init) => {
      if (path !== 'posts/save') return undefined;
      return { body: { message: 'done', is_saved: (jsonBody(init) as { save_unsave: number }).save_unsave === 1 } };
    });
    renderApp('/');
    const user = userEvent.setup();
    const card = await screen.findByTestId('post-card');
    const profileCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/user/profile').length;
    const before = profileCalls();

    await user.click(within(card).getByRole('button', { name: 'Save' }));
    const saved = await screen.findByText(TEXT.postSaved);
    expect(saved.closest('[data-color]')).toHaveAttribute('data-color', 'success_light');
    expect(within(card).getByRole('button', { name: 'Remove from saved' })).toBeInTheDocument();
    const first = fetchMock.mock.calls.find(([url]) => String(url) === '/api/user/posts/save');
    expect(jsonBody(first![1] as RequestInit)).toEqual({ user_id: 7, post_id: 5, save_unsave: 1 });
    await waitFor(() => expect(profileCalls()).toBeGreaterThan(before));

    await user.click(within(card).getByRole('button', { name: 'Remove from saved' }));
    const removed = await screen.findByText(TEXT.postUnsaved);
    expect(removed.closest('[data-color]')).toHaveAttribute('data-color', 'warning_light');
    expect(within(card).getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('shares through navigator.share; without it copies the link and says so; alerts where neither works', async () => {
    mockIntersectionObserver();
    feedOf([aPost({ id: 5, title: 'Shared title', sub_title: 'Shared sub' })]);
    renderApp('/');
    const user = userEvent.setup();
    const card = await screen.findByTestId('post-card');
    const link = expect.stringMatching(/^http:\/\/localhost(:\d+)?\/view-post\/[A-Za-z0-9]+$/);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);

    // A phone: the share sheet.
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    await user.click(within(card).getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: 'Shared title', text: 'Shared sub', url: link });
    expect(screen.queryByText(TEXT.linkCopied)).not.toBeInTheDocument();

    // A desktop browser without it: the link goes to the clipboard, and a notice says so.
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(card).getByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText(TEXT.linkCopied)).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();

    // The clipboard refuses too: the spec's alert.
    writeText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    await user.click(within(card).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(TEXT.shareUnsupported));

    // No clipboard at all: the alert.
    alert.mockClear();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await user.click(within(card).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(TEXT.shareUnsupported));
    alert.mockRestore();
  });

  it('sends a visitor who presses the heart or the bookmark to /login, remembering where they were', async () => {
    mockIntersectionObserver();
    const fetchMock = feedOf([aPost()]);
    const { router } = renderApp('/?tab=foryou');
    const user = userEvent.setup();
    const card = await screen.findByTestId('post-card');
    await user.click(within(card).getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: { pathname: '/', search: '?tab=foryou', hash: '' } });
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/like'))).toBe(false);
  });

  it('shows the options menu only to the owner; Delete asks first and the card disappears', async () => {
    mockIntersectionObserver();
    signIn(20);
    const fetchMock = feedOf(
      [aPost({ id: 5, user_id: 20, title: 'Mine' }), aPost({ id: 6, user_id: 21, title: 'Theirs', author: { id: 21, name: 'Other', profile_picture: null, followers_count: 1 } })],
      (path) => (path === 'delete-posts' ? { body: { message: 'Post deleted successfully.' } } : undefined),
    );
    renderApp('/');
    const user = userEvent.setup();
    const [mine, theirs] = await screen.findAllByTestId('post-card');
    expect(within(theirs!).queryByRole('button', { name: 'Post options' })).not.toBeInTheDocument();
    expect(within(mine!).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument(); // edit mode is off on the feed

    await user.click(within(mine!).getByRole('button', { name: 'Post options' }));
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveAttribute('href', '/edit-post/5');
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Mine')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/delete-posts'))).toBe(false);

    await user.click(within(mine!).getByRole('button', { name: 'Post options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Mine')).not.toBeInTheDocument());
    expect(screen.getByText('Theirs')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/delete-posts'));
    expect(jsonBody(call![1] as RequestInit)).toEqual({ id: 5 });
  });

  it('the Library shows the owner Edit buttons and the options menu', async () => {
    mockIntersectionObserver();
    signIn(20);
    const fetchMock = mockApi((path) => (path === 'author-posts' ? { body: aPage([aPost({ id: 5, user_id: 20 })]) } : undefined));
    renderApp('/yourposts');
    const card = await screen.findByTestId('post-card');
    expect(within(card).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/edit-post/5');
    expect(within(card).getByRole('button', { name: 'Post options' })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/author-posts'));
    expect(jsonBody(call![1] as RequestInit)).toEqual({ author_id: 20, user_id: 20 });
    expect(document.title).toBe('Library · Inkwell');
  });

  it('hovering or focusing the author shows followers and Follow; following flips to Unfollow', async () => {
    mockIntersectionObserver();
    signIn(7);
    const fetchMock = feedOf([aPost()], (path) => {
      if (path === 'is-following') return { body: { message: 'ok', is_following: false, followers_count: 12 } };
      if (path === 'follow-unfollow') return { body: { message: 'ok', is_following: true, followers_count: 13 } };
      return undefined;
    });
    renderApp('/');
    const user = userEvent.setup();
    const card = await screen.findByTestId('post-card');
    await user.hover(within(card).getByRole('link', { name: /Grace Hopper/ }));
    const about = await screen.findByRole('group', { name: 'About Grace Hopper' });
    expect(within(about).getByTestId('followers-count')).toHaveTextContent('12 followers');
    await user.click(await within(about).findByRole('button', { name: 'Follow' }));
    expect(await within(about).findByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
    await waitFor(() => expect(within(about).getByTestId('followers-count')).toHaveTextContent('13 followers'));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/follow-unfollow'));
    expect(jsonBody(call![1] as RequestInit)).toEqual({ user_id: 7, follow_id: 20, followType: 1 });
  });

  it('the saved screen lists the saved posts', async () => {
    mockIntersectionObserver();
    signIn(7);
    mockApi((path) => (path === 'saved-posts' ? { body: aPage([aPost({ title: 'Kept for later', is_saved: true })]) } : undefined));
    renderApp('/saved');
    const card = await screen.findByTestId('post-card');
    expect(within(card).getByText('Kept for later')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Remove from saved' })).toBeInTheDocument();
    expect(document.title).toBe('Saved · Inkwell');
  });
});
