import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_IMAGE, TEXT, paths } from '@inkwell/contract';
import { jsonBody, mockApi, renderApp } from '../../test/render';
import { aPage, aPost, aPostDetail, mockIntersectionObserver, signIn } from '../../test/posts';
import { aThread, api, comment } from './testing';

/** The post page as read: the post and its head, not found, the comments' folding and Delete buttons, counts, the category. */
vi.mock('../../components/PostBody', () => ({
  PostBody: ({ html }: { html: string }) => <div data-testid="post-body">{html}</div>,
}));

const href = paths.viewPost.getHref(1);

describe('Post page', () => {
  it('shows the post, its title as the document title, comments as text and related posts', async () => {
    const fetchMock = api();
    renderApp(href);
    expect(await screen.findByRole('heading', { level: 1, name: 'The post title' })).toBeInTheDocument();
    expect(document.title).toBe('The post title · Inkwell');
    expect(screen.getByTestId('post-body')).toHaveTextContent('<p>Body text</p>');
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByRole('link', { name: /Grace Hopper/ })).toHaveAttribute('href', paths.viewProfile.getHref(20));
    expect(await screen.findByText('A related post')).toBeInTheDocument();
    const details = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/post/details'));
    expect(jsonBody(details![1] as RequestInit)).toEqual({ post_id: 1 });
  });

  it('shows a not-found state for an id that does not decode, and for a missing post', async () => {
    api();
    const first = renderApp('/view-post/not-an-id');
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    first.unmount();

    mockApi(() => ({ status: 404, body: { message: 'Post not found.' } }));
    renderApp(paths.viewPost.getHref(99));
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    expect(document.title).toBe('Post not found · Inkwell');
  });

  it("says 'No comments to show' when there are none", async () => {
    api(aPostDetail({ comments: [], comments_count: 0 }));
    renderApp(href);
    expect(await screen.findByText(TEXT.noComments)).toBeInTheDocument();
  });

  it("folds replies behind 'See N more replies...' and 'Hide replies'", async () => {
    api();
    renderApp(href);
    const user = userEvent.setup();
    await screen.findByText('Another comment');
    const thread = comment('<img src=x onerror=alert(1)>');
    expect(within(thread).queryByText('First reply')).not.toBeInTheDocument();
    await user.click(within(thread).getByRole('button', { name: 'See 2 more replies...' }));
    expect(within(thread).getByText('First reply')).toBeInTheDocument();
    expect(within(thread).getByText('Second reply')).toBeInTheDocument();
    await user.click(within(thread).getByRole('button', { name: 'Hide replies' }));
    expect(within(thread).queryByText('First reply')).not.toBeInTheDocument();
  });

  it('shows Delete to a comment’s author, to the post’s owner, and not to a stranger', async () => {
    const deletes = (thread: HTMLElement) => within(thread).queryAllByRole('button', { name: 'Delete' }).length;

    // The comment's author (30): own comment and own reply, not the other two.
    signIn(30);
    api();
    const first = renderApp(href);
    const user = userEvent.setup();
    await screen.findByText('Another comment');
    await user.click(screen.getByRole('button', { name: 'See 2 more replies...' }));
    expect(deletes(comment('Another comment'))).toBe(0);
    const thread = comment('<img src=x onerror=alert(1)>');
    expect(within(screen.getByText('First reply').closest('li')!).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(screen.getByText('Second reply').closest('li')!).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(deletes(thread)).toBe(2); // the comment's own and its first reply's
    first.unmount();

    // The post's owner (20): every comment and reply.
    signIn(20);
    api();
    const second = renderApp(href);
    await screen.findByText('Another comment');
    await user.click(screen.getByRole('button', { name: 'See 2 more replies...' }));
    expect(deletes(comment('Another comment'))).toBe(1);
    expect(deletes(comment('<img src=x onerror=alert(1)>'))).toBe(3);
    second.unmount();

    // A stranger (50): none.
    signIn(50);
    api();
    renderApp(href);
    await screen.findByText('Another comment');
    await user.click(screen.getByRole('button', { name: 'See 2 more replies...' }));
    expect(screen.queryAllByRole('button', { name: 'Delete' })).toHaveLength(0);
  });

  it('counts comments and replies alike on the post and on its card, and the card follows a new comment', async () => {
    mockIntersectionObserver();
    signIn(30);
    let count = 4; // aThread: 2 comments, 2 replies (posts.comments_count counts both)
    api(aThread(), (path) => {
      if (path === 'comment') {
        count += 1;
        return { body: { message: 'Comment added.', id: 102 } };
      }
      if (path === 'post/details') return { body: { post: { ...aThread(), comments_count: count } } };
      if (path === 'view-posts') return { body: aPage([aPost({ id: 1, title: 'The post title', comments_count: count })]) };
      return undefined;
    });
    const { router } = renderApp('/');
    const cardCount = async () => (await screen.findByTestId('post-card')).querySelector('a[aria-label="Comments"]')!.parentElement!;
    expect(await cardCount()).toHaveTextContent('4 comments');

    await act(() => router.navigate(href));
    expect(await screen.findByTestId('comments-total')).toHaveTextContent('(4)');
    // The post's own bar, not a related post's card (they may have loaded by now).
    const bar = within(screen.getByRole('heading', { level: 1 }).closest('article')!).getByRole('link', { name: 'Comments' }).parentElement!;
    expect(bar).toHaveTextContent('4');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Write a comment'), 'One more');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(screen.getByTestId('comments-total')).toHaveTextContent('(5)'));

    await act(() => router.navigate('/'));
    await waitFor(async () => expect(await cardCount()).toHaveTextContent('5 comments'));
  });

  it("shows the post's category above its title, leading to the category's screen", async () => {
    signIn(30);
    api(aPostDetail({ id: 1, category_id: 3, title: 'The post title' }), (path) =>
      path === 'categories' ? { body: { categories: [{ id: 3, name: 'Science', description: null, followers_count: 0 }] } } : undefined,
    );
    const { router } = renderApp(href);
    const chip = await screen.findByRole('link', { name: 'Science' });
    expect(chip).toHaveAttribute('href', paths.categoryPosts.getHref(3));
    await userEvent.setup().click(chip);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.categoryPosts.getHref(3)));
  });

  it('shows a story from elsewhere with its handle and the original above its title, not a topic', async () => {
    signIn(30);
    const elsewhere = { handle: '@dave@far.example', icon_url: 'http://far.example/dave.png', profile_url: 'https://far.example/@dave', url: 'https://far.example/@dave/posts/1' };
    api(
      aPostDetail({ id: 1, user_id: 40, category_id: null, title: 'The post title', author: { id: 40, name: 'Dave', profile_picture: null, followers_count: 2 }, elsewhere }),
      (path) => (path === 'categories' ? { body: { categories: [{ id: 3, name: 'Science', description: null, followers_count: 0 }] } } : undefined),
    );
    renderApp(href);
    const from = await screen.findByTestId('from-elsewhere');
    expect(from).toHaveTextContent('From @dave@far.example · Original');
    const handle = within(from).getByRole('link', { name: '@dave@far.example' });
    const original = within(from).getByRole('link', { name: 'Original' });
    expect(handle).toHaveAttribute('href', 'https://far.example/@dave');
    expect(original).toHaveAttribute('href', 'https://far.example/@dave/posts/1');
    for (const link of [handle, original]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    }
    // Before the title, in the post's header; no topic, and the post's own bar as for any story.
    const header = screen.getByRole('heading', { level: 1, name: 'The post title' }).closest('header')!;
    expect(header).toContainElement(from);
    expect(screen.queryByRole('link', { name: 'Science' })).not.toBeInTheDocument();
    // Its name leads to its profile here (ADR 0085); the handle above, to its profile there.
    expect(within(header).getByRole('link', { name: 'Dave' })).toHaveAttribute('href', paths.viewProfile.getHref(40));
    expect(header.querySelector('img')).toHaveAttribute('src', DEFAULT_USER_IMAGE);
    // No Follow and no subscription: the account is followed from the fediverse.
    expect(screen.queryByRole('button', { name: /^Follow/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/new stories by email/i)).not.toBeInTheDocument();
    for (const name of ['Like', 'Share', 'Save']) expect(within(header).getByRole('button', { name })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Comments' })).toBeInTheDocument();
  });
});
