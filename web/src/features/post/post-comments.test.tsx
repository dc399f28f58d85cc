import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '@inkwell/contract';
import { jsonBody, renderApp } from '../../test/render';
import { aComment, aPostDetail, signIn } from '../../test/posts';
import { aThread, api, comment } from './testing';

/** Commenting on the post page: comments and replies sent and deleted, errors, a visitor's text kept through login, blocking. */
vi.mock('../../components/PostBody', () => ({
  PostBody: ({ html }: { html: string }) => <div data-testid="post-body">{html}</div>,
}));

const href = paths.viewPost.getHref(1);

describe('Post page comments', () => {
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
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/comment-delete'))).toBe(false);
    await user.click(within(comment('Another comment')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete this comment?' })).getByRole('button', { name: 'Delete' }));
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
    const ask = await screen.findByRole('alertdialog', { name: 'Block Stranger?' });
    await user.click(within(ask).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(blocks).toEqual([{ user_id: 7, block_id: 40, status: 1 }]));
    expect(await screen.findByText('You have blocked this member.')).toBeInTheDocument();
  });

  it('shows a comment and a reply of an account elsewhere with its handle, its page there and the original; its story’s writer deletes it as any', async () => {
    signIn(20);
    const dave = { handle: '@dave@far.example', icon_url: 'https://far.example/dave.png', profile_url: 'https://far.example/@dave' };
    const post = aPostDetail({
      id: 1,
      user_id: 20,
      comments: [
        aComment({
          id: 300,
          user_id: 90,
          comments: 'Hello from there',
          user: { id: 90, name: 'Dave', profile_picture: null },
          elsewhere: { ...dave, url: 'https://far.example/@dave/1' },
          replies: [
            {
              id: 400,
              user_id: 91,
              comment_id: 300,
              reply_to_id: null,
              reply: 'And from me',
              created_at: new Date().toISOString(),
              user: { id: 91, name: null, profile_picture: null },
              elsewhere: { handle: '@quiet@far.example', icon_url: 'http://far.example/plain.png', profile_url: null, url: null },
            },
          ],
        }),
      ],
    });
    const fetchMock = api(post, (path) => (path === 'comment-delete' ? { body: { message: 'Deleted.' } } : undefined));
    renderApp(href);
    const user = userEvent.setup();
    await screen.findByText('Hello from there');
    const thread = comment('Hello from there');
    const name = within(thread).getByRole('link', { name: 'Dave' });
    expect(name).toHaveAttribute('href', 'https://far.example/@dave');
    expect(name).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(within(thread).getByText(/@dave@far\.example/)).toBeInTheDocument();
    expect(within(thread).getByRole('link', { name: 'Original' })).toHaveAttribute('href', 'https://far.example/@dave/1');
    expect(thread.querySelector('img')).toHaveAttribute('src', 'https://far.example/dave.png');
    // No member's profile to link, and no member's block for it.
    expect(within(thread).queryByRole('link', { name: /view-profile/ })).toBeNull();
    expect(within(thread).queryByRole('button', { name: /^Block/ })).toBeNull();

    await user.click(within(thread).getByRole('button', { name: 'See 1 more replies...' }));
    const reply = screen.getByText('And from me').closest('li')!;
    // No name: the handle stands for it, once; no page there: plain text; a picture over http: the placeholder.
    expect(within(reply).getByText('@quiet@far.example')).toBeInTheDocument();
    expect(within(reply).queryByRole('link')).toBeNull();
    expect(reply.querySelector('img')).not.toHaveAttribute('src', 'http://far.example/plain.png');

    await user.click(within(thread).getAllByRole('button', { name: 'Delete' })[0]!);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: /Delete/ }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/comment-delete'))).toBe(true));
  });
});
