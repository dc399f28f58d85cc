import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FEDIVERSE_BLOCKED, FEDIVERSE_UNBLOCKED, TEXT, encodeId, paths, type BlockedUsersResponse, type ReplyItem } from '@inkwell/contract';
import { jsonBody, renderApp } from '../../test/render';
import { aComment, aPostDetail, signIn } from '../../test/posts';
import { aThread, api, comment } from './testing';
import { createQueryClient } from '../../app/providers';
import { screen as viewPost } from '../../app/routes/view-post';
import { blockedUsersQueryOptions } from '../../components/use-block';

/** Commenting on the post page: comments and replies sent and deleted, errors, a visitor's text kept through login, blocking, boosts from elsewhere. */
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
    expect(jsonBody(call![1] as RequestInit)).toEqual({ user_id: 30, post_id: 1, comments: 'Fresh thoughts', filled_ms: expect.any(Number) });
  });

  it('a comment held for review: its writer is told why, sees it labelled, and cannot answer it yet', async () => {
    signIn(30);
    let reloads = 0;
    const held = 'Thanks! A moderator looks at a new account’s first link before others see it. Until then only you can see it.';
    api(aThread(), (path) => {
      if (path === 'comment') return { body: { message: held, id: 102, held: true } };
      if (path === 'post/details') {
        reloads += 1;
        const post = aThread();
        post.comments.unshift({ ...aComment({ id: 90, user_id: 30, comments: 'An earlier outburst' }), hidden: 'moderators' });
        if (reloads > 1) post.comments.unshift({ ...aComment({ id: 102, user_id: 30, comments: 'See https://seeds.example' }), hidden: 'held' });
        return { body: { post } };
      }
      return undefined;
    });
    renderApp(href);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Write a comment'), 'See https://seeds.example');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(held)).toBeInTheDocument();
    const mine = (await screen.findByText('See https://seeds.example')).closest('li')!;
    expect(await within(mine).findByTestId('held', {}, { timeout: 10_000 })).toHaveTextContent('Held for review: only you can see this until a moderator has looked at it.');
    expect(within(mine).queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(within(mine).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    const hidden = screen.getByText('An earlier outburst').closest('li')!;
    expect(await within(hidden).findByTestId('held', {}, { timeout: 10_000 })).toHaveTextContent('Hidden by the moderators: only you can see this. Your notifications say why.');
    expect(within(hidden).queryByRole('button', { name: 'Reply' })).toBeNull();
  }, 15_000);

  it('the story’s writer hides a comment from its readers and shows one again; its writer sees it labelled (ADR 0113)', async () => {
    signIn(20);
    const fetchMock = api(aThread(), (path) => {
      if (path === 'comments/hide') return { body: { message: 'Comment hidden: only you and its writer see it now.', hidden: true } };
      if (path === 'post/details') {
        const post = aThread();
        post.comments.unshift({ ...aComment({ id: 90, user_id: 30, comments: 'Hedges are for cowards.' }), hidden: 'author' });
        return { body: { post } };
      }
      return undefined;
    });
    renderApp(href);
    const user = userEvent.setup();
    const hidden = (await screen.findByText('Hedges are for cowards.')).closest('li')!;
    expect(await within(hidden).findByTestId('held', {}, { timeout: 10_000 })).toHaveTextContent('Hidden by you: only you and its writer can see this.');
    const first = screen.getByText('<img src=x onerror=alert(1)>').closest('li')!;
    // Its code comes only to the story's writer, after the page (a chunk of its own).
    await user.click(await within(first).findByRole('button', { name: 'Hide this comment' }, { timeout: 10_000 }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/comments/hide'))).toBe(true));
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/comments/hide'));
    expect(jsonBody(sent![1] as RequestInit)).toEqual({ kind: 'comment', id: 100, hidden: 1 });
    expect(await within(hidden).findByRole('button', { name: 'Show again this comment' })).toBeInTheDocument();
  }, 15_000);

  it('a comment the story’s writer hid: its writer is told so, and nobody else gets Hide', async () => {
    signIn(30);
    api(aThread(), (path) => {
      if (path !== 'post/details') return undefined;
      const post = aThread();
      post.comments.unshift({ ...aComment({ id: 90, user_id: 30, comments: 'Hedges are for cowards.' }), hidden: 'author' });
      return { body: { post } };
    });
    renderApp(href);
    const mine = (await screen.findByText('Hedges are for cowards.')).closest('li')!;
    expect(await within(mine).findByTestId('held', {}, { timeout: 10_000 })).toHaveTextContent('Hidden by the story’s writer: only you and they can see this.');
    expect(screen.queryByRole('button', { name: /^Hide/ })).toBeNull();
  }, 15_000);

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
    expect(jsonBody(sent![1] as RequestInit)).toEqual({ user_id: 20, post_id: 1, comment_id: 100, reply: 'Quite so', reply_to_id: 200, filled_ms: expect.any(Number) });
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
    expect(jsonBody(reply![1] as RequestInit)).toEqual({ user_id: 20, post_id: 1, comment_id: 101, reply: 'Thank you', filled_ms: expect.any(Number) });

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
    // Its name leads to its profile here (its row of users, ADR 0085); the original, to its server.
    const name = within(thread).getByRole('link', { name: 'Dave' });
    expect(name).toHaveAttribute('href', paths.viewProfile.getHref(90));
    expect(name).not.toHaveAttribute('target');
    expect(within(thread).getByText(/@dave@far\.example/)).toBeInTheDocument();
    const original = within(thread).getByRole('link', { name: 'Original' });
    expect(original).toHaveAttribute('href', 'https://far.example/@dave/1');
    expect(original).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(thread.querySelector('img')).toHaveAttribute('src', 'https://far.example/dave.png');
    // No member's block for it.
    expect(within(thread).queryByRole('button', { name: /^Block/ })).toBeNull();

    await user.click(within(thread).getByRole('button', { name: 'See 1 more replies...' }));
    const reply = screen.getByText('And from me').closest('li')!;
    // No name: the handle stands for it, once, leading to its profile here (it has none there); a picture over http: the placeholder.
    expect(within(reply).getAllByText('@quiet@far.example')).toHaveLength(1);
    expect(within(reply).getByRole('link', { name: '@quiet@far.example' })).toHaveAttribute('href', paths.viewProfile.getHref(91));
    // Beside it, only Report (issue 47): an account elsewhere's reply is reported as a member's is.
    const report = within(reply).getByRole('link', { name: 'Report reply by @quiet@far.example' });
    expect(report.getAttribute('href')).toMatch(/^\/report\/reply\/\w+$/);
    expect(
      within(reply)
        .getAllByRole('link')
        .filter((link) => link !== report),
    ).toHaveLength(1);
    expect(reply.querySelector('img')).not.toHaveAttribute('src', 'http://far.example/plain.png');

    await user.click(within(thread).getAllByRole('button', { name: 'Delete' })[0]!);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: /Delete/ }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/comment-delete'))).toBe(true));
  });

  it('lets the story’s writer block an account elsewhere from its comment or reply, asked once more, then unblock it; another reader sees no such Block', async () => {
    const aReply = (overrides: Partial<ReplyItem> & Pick<ReplyItem, 'id' | 'user_id' | 'reply'>): ReplyItem => ({
      comment_id: 300,
      reply_to_id: null,
      created_at: new Date().toISOString(),
      user: { id: overrides.user_id, name: null, profile_picture: null },
      ...overrides,
    });
    const post = aPostDetail({
      id: 1,
      user_id: 20,
      comments: [
        aComment({
          id: 300,
          user_id: 90,
          comments: 'Hello from there',
          user: { id: 90, name: 'Dave', profile_picture: null },
          elsewhere: { handle: '@dave@far.example', icon_url: null, profile_url: 'https://far.example/@dave', url: 'https://far.example/@dave/1', account_id: 11 },
          replies: [
            aReply({ id: 400, user_id: 91, reply: 'Erin answers', elsewhere: { handle: '@erin@other.example', icon_url: null, profile_url: null, url: null, account_id: 12 } }),
            aReply({ id: 401, user_id: 30, reply: 'A member answers', user: { id: 30, name: 'Reader', profile_picture: null } }),
          ],
        }),
      ],
    });
    let blocked: BlockedUsersResponse['data'] = [];
    const sent: unknown[] = [];
    api(post, (path, init) => {
      if (path === 'blocked-users') return { body: { data: blocked } };
      if (path === 'block') {
        const body = jsonBody(init) as { block_id: number; status: number };
        sent.push(body);
        blocked =
          body.status === 1
            ? [{ id: body.block_id, name: 'Dave', profile_picture: null, elsewhere: { handle: '@dave@far.example', icon_url: null, profile_url: null, url: null } }]
            : [];
        return { body: { message: body.status === 1 ? FEDIVERSE_BLOCKED : FEDIVERSE_UNBLOCKED, is_blocked: body.status === 1 } };
      }
      return undefined;
    });
    const user = userEvent.setup();

    // Another member reading the story: no Block for an account elsewhere, on the comment or its replies.
    signIn(40);
    const reader = renderApp(href);
    await screen.findByText('Hello from there');
    await user.click(within(comment('Hello from there')).getByRole('button', { name: 'See 2 more replies...' }));
    await screen.findByText('Erin answers');
    expect(screen.queryByRole('button', { name: /^(Un)?[Bb]lock/ })).toBeNull();
    reader.unmount();

    signIn(20);
    renderApp(href);
    await screen.findByText('Hello from there');
    const thread = comment('Hello from there');
    await user.click(within(thread).getByRole('button', { name: 'See 2 more replies...' }));
    // Each one of an account elsewhere (by its name, or its handle when it gave none); not the member's reply.
    expect(within(screen.getByText('Erin answers').closest('li')!).getByRole('button', { name: 'Block @erin@other.example' })).toBeInTheDocument();
    expect(within(screen.getByText('A member answers').closest('li')!).queryByRole('button', { name: /^Block/ })).toBeNull();

    await user.click(within(thread).getByRole('button', { name: 'Block Dave' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Block @dave@far.example?' });
    expect(
      within(ask).getByText('They can no longer follow you, like, boost or reply to your stories, and you are not told of them. What they wrote here stays until you remove it.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(sent).toEqual([{ user_id: 20, block_id: 11, status: 1 }]));
    expect(await screen.findByText(FEDIVERSE_BLOCKED)).toBeInTheDocument();
    // What they wrote stays; the list of blocks is read again, and Block turns to Unblock.
    await user.click(await within(thread).findByRole('button', { name: 'Unblock Dave' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { user_id: 20, block_id: 11, status: 1 },
        { user_id: 20, block_id: 11, status: 0 },
      ]),
    );
    expect(await within(thread).findByRole('button', { name: 'Block Dave' })).toBeInTheDocument();
    expect(screen.getByText('Hello from there')).toBeInTheDocument();
  });

  it('has the page’s load ask whom the reader blocked, accounts elsewhere included (the Block of their comments, rendered with the page), and not for a visitor', async () => {
    const elsewhere = { handle: '@dave@far.example', icon_url: null, profile_url: null, url: null, account_id: 11 };
    const post = aPostDetail({ id: 1, user_id: 20, comments: [aComment({ id: 300, user_id: 90, elsewhere })] });
    const loaded = async (viewerId: string | undefined) => {
      const fetchMock = api(post, (path) => (path === 'blocked-users' ? { body: { data: [{ id: 11, name: null, profile_picture: null, elsewhere }] } } : undefined));
      const client = createQueryClient();
      await Promise.all(viewPost.load!({ params: { id: encodeId(1) }, url: new URL(`http://localhost${href}`), client, viewerId }));
      const asked = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/blocked-users')).map(([, init]) => jsonBody(init as RequestInit));
      return { asked, cached: viewerId ? client.getQueryData(blockedUsersQueryOptions(viewerId).queryKey)?.data.map((row) => row.id) : undefined };
    };
    expect(await loaded('20')).toEqual({ asked: [{ user_id: 20 }], cached: [11] });
    expect(await loaded(undefined)).toEqual({ asked: [], cached: undefined });
  });

  it('says by the comments’ heading how many accounts elsewhere boosted the story, and nothing when none did', async () => {
    for (const [boosts, said] of [
      [3, 'Boosted 3 times on the fediverse.'],
      [1, 'Boosted once on the fediverse.'],
    ] as const) {
      api(aPostDetail({ id: 1, comments: [], comments_count: 0, boosts_count: boosts }));
      const page = renderApp(href);
      const line = await screen.findByTestId('fediverse-boosts');
      expect(line).toHaveTextContent(new RegExp(`^${said.replace('.', '\\.')}$`));
      expect(line.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
      expect(screen.getByRole('region', { name: /^Comments/ })).toContainElement(line);
      // No comments for all that.
      expect(screen.getByText(TEXT.noComments)).toBeInTheDocument();
      page.unmount();
    }
    for (const boosts of [0, undefined]) {
      api(aPostDetail({ id: 1, comments: [], comments_count: 0, boosts_count: boosts }));
      const page = renderApp(href);
      await screen.findByText(TEXT.noComments);
      expect(screen.queryByTestId('fediverse-boosts')).toBeNull();
      page.unmount();
    }
  });
});
