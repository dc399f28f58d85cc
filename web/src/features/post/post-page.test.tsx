import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TEXT, paths } from '@inkwell/contract';
import { jsonBody, mockApi, renderApp } from '../../test/render';
import { aComment, aPage, aPost, aPostDetail, mockIntersectionObserver, signIn } from '../../test/posts';

vi.mock('../../components/PostBody', () => ({
  PostBody: ({ html }: { html: string }) => <div data-testid="post-body">{html}</div>,
}));

const href = paths.viewPost.getHref(1);

/** Post 1 by user 20; comment 100 by user 30 with replies 200 (user 30) and 201 (user 40); comment 101 by user 40. */
function aThread() {
  return aPostDetail({
    id: 1,
    user_id: 20,
    title: 'The post title',
    comments: [
      aComment({
        id: 100,
        user_id: 30,
        comments: '<img src=x onerror=alert(1)>',
        replies: [
          { id: 200, user_id: 30, comment_id: 100, reply_to_id: null, reply: 'First reply', created_at: new Date().toISOString(), user: { id: 30, name: 'Reader', profile_picture: null } },
          { id: 201, user_id: 40, comment_id: 100, reply_to_id: 200, reply: 'Second reply', created_at: new Date().toISOString(), user: { id: 40, name: 'Stranger', profile_picture: null } },
        ],
      }),
      aComment({ id: 101, user_id: 40, comments: 'Another comment', user: { id: 40, name: 'Stranger', profile_picture: null } }),
    ],
  });
}

function api(post = aThread(), extra: (path: string, init: RequestInit) => { status?: number; body?: unknown } | undefined = () => undefined) {
  return mockApi((path, init) => {
    const answer = extra(path, init);
    if (answer) return answer;
    if (path === 'post/details') return { body: { post } };
    if (path === 'posts/related') return { body: { related_posts: [aPost({ id: 9, title: 'A related post' })] } };
    return undefined;
  });
}

const comment = (text: string) => screen.getByText(text).closest<HTMLElement>('[data-testid="comment"]')!;

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
    api(aPostDetail({ comments: [] }));
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

  it('posts a comment, then reloads the post', async () => {
    signIn(30);
    let reloads = 0;
    const fetchMock = api(aThread(), (path) => {
      if (path === 'comment') return { body: { message: 'Comment added.', id: 102 } };
      if (path === 'post/details') {
        reloads += 1;
        const post = aThread();
        if (reloads > 1) post.comments.push(aComment({ id: 102, user_id: 30, comments: 'Fresh thoughts' }));
        return { body: { post } };
      }
      return undefined;
    });
    renderApp(href);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Write a comment'), 'Fresh thoughts');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Fresh thoughts')).toBeInTheDocument();
    expect(screen.getByLabelText('Write a comment')).toHaveValue('');
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/comment'));
    expect(jsonBody(call![1] as RequestInit)).toEqual({ user_id: 30, post_id: 1, comments: 'Fresh thoughts' });
  });

  it('answers a reply: the answer names whom it replies to', async () => {
    signIn(20);
    const fetchMock = api(aThread(), (path) => (path === 'replies' ? { body: { message: 'Reply added.', id: 202 } } : undefined));
    renderApp(href);
    const user = userEvent.setup();
    await screen.findByText('Another comment');
    await user.click(screen.getByRole('button', { name: 'See 2 more replies...' }));
    const second = screen.getByText('Second reply').closest('li')!;
    expect(within(second).getByRole('link', { name: 'Reader' })).toHaveAttribute('href', '#reply-200');
    expect(second).toHaveTextContent('Replying to Reader');

    const first = screen.getByText('First reply').closest('li')!;
    await user.click(within(first).getByRole('button', { name: 'Reply' }));
    await user.type(screen.getByLabelText('Reply to Reader'), 'Quite so');
    await user.click(within(screen.getByLabelText('Reply to Reader').closest('form')!).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/replies'))).toBe(true));
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/replies'));
    expect(jsonBody(sent![1] as RequestInit)).toEqual({ user_id: 20, post_id: 1, comment_id: 100, reply: 'Quite so', reply_to_id: 200 });
  });

  it('replies to a comment and deletes a comment, reloading after each', async () => {
    signIn(20);
    const fetchMock = api(aThread(), (path) => {
      if (path === 'replies') return { body: { message: 'Reply added.', id: 202 } };
      if (path === 'comment-delete') return { body: { message: 'Deleted.' } };
      return undefined;
    });
    renderApp(href);
    const user = userEvent.setup();
    await screen.findByText('Another comment');
    const detailCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/post/details')).length;

    await user.click(within(comment('Another comment')).getByRole('button', { name: 'Reply' }));
    await user.type(screen.getByLabelText('Reply to Stranger'), 'Thank you');
    const form = screen.getByLabelText('Reply to Stranger').closest('form')!;
    await user.click(within(form).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(detailCalls()).toBe(2));
    const reply = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/replies'));
    expect(jsonBody(reply![1] as RequestInit)).toEqual({ user_id: 20, post_id: 1, comment_id: 101, reply: 'Thank you' });

    await user.click(within(comment('Another comment')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/comment-delete'))).toBe(false);
    await user.click(within(comment('Another comment')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete this comment?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(detailCalls()).toBe(3));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const remove = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/comment-delete'));
    expect(jsonBody(remove![1] as RequestInit)).toEqual({ id: 101 });
  });

  it("shows the server's message in a danger notice when a comment fails", async () => {
    signIn(30);
    api(aThread(), (path) => (path === 'comment' ? { status: 422, body: { message: 'The comments may not be greater than 5000 characters.' } } : undefined));
    renderApp(href);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Write a comment'), 'Too long, pretend');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('The comments may not be greater than 5000 characters.');
    expect(notice).toHaveAttribute('data-color', 'danger_light');
    expect(screen.getByLabelText('Write a comment')).toHaveValue('Too long, pretend');
  });

  it('sends a visitor who comments to /login and remembers the post', async () => {
    const fetchMock = api();
    const { router } = renderApp(href);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Write a comment'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: { pathname: href, search: '', hash: '' } });
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/comment'))).toBe(false);
  });

  it("keeps a visitor's typed comment through the trip to /login, and sends it once they are back", async () => {
    sessionStorage.clear();
    let signedIn = false;
    const fetchMock = api(aThread(), (path) => (path === 'comment' && signedIn ? { body: { message: 'Comment added.', id: 102 } } : undefined));
    const { router } = renderApp(href);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Write a comment'), 'Worth the wait');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    // Signed in, the login screen sends them back (its `from`): the text is in the box, focused.
    signIn(30);
    signedIn = true;
    await act(() => router.navigate(href));
    const box = await screen.findByLabelText('Write a comment');
    expect(box).toHaveValue('Worth the wait');
    await waitFor(() => expect(box).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(box).toHaveValue(''));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/comment'));
    expect(jsonBody(call![1] as RequestInit)).toEqual({ user_id: 30, post_id: 1, comments: 'Worth the wait' });
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('inkwell:comment-draft'))).toEqual([]);
  });

  it("keeps a visitor's typed reply too: the reply box opens again with it", async () => {
    sessionStorage.clear();
    api();
    const { router } = renderApp(href);
    const user = userEvent.setup();
    await screen.findByText('Another comment');
    await user.click(within(comment('Another comment')).getByRole('button', { name: 'Reply' }));
    await user.type(screen.getByLabelText('Reply to Stranger'), 'Agreed');
    const form = screen.getByLabelText('Reply to Stranger').closest('form')!;
    await user.click(within(form).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    signIn(30);
    await act(() => router.navigate(href));
    expect(await screen.findByLabelText('Reply to Stranger')).toHaveValue('Agreed');
    sessionStorage.clear();
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

  it("blocks a comment's author from the comment, after asking once more", async () => {
    signIn(7);
    const blocks: unknown[] = [];
    api(aThread(), (path, init) => {
      if (path === 'blocked-users') return { body: { data: [] } };
      if (path === 'block') {
        blocks.push(jsonBody(init));
        return { body: { message: 'You have blocked this member.', is_blocked: true } };
      }
      return undefined;
    });
    renderApp(href);
    const user = userEvent.setup();
    await screen.findByText('Another comment');
    await user.click(within(comment('Another comment')).getByRole('button', { name: 'Block Stranger' }));
    const ask = screen.getByRole('alertdialog', { name: 'Block Stranger?' });
    await user.click(within(ask).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(blocks).toEqual([{ user_id: 7, block_id: 40, status: 1 }]));
    expect(await screen.findByText('You have blocked this member.')).toBeInTheDocument();
  });
});
