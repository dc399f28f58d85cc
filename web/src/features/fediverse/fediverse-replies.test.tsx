import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_IMAGE, TEXT, paths, type FediverseThread } from '@inkwell/contract';
import { jsonBody, renderApp } from '../../test/render';
import { aPostDetail, signIn } from '../../test/posts';
import { api } from '../post/testing';

/** A story's replies from the fediverse under its comments (issue 30): who wrote them, where they live, their threads, as text. */
vi.mock('../../components/PostBody', () => ({
  PostBody: ({ html }: { html: string }) => <div data-testid="post-body">{html}</div>,
}));

const at = new Date().toISOString();
const dave = { account_id: 11, handle: '@dave@social.example', name: 'Dave', icon_url: 'https://social.example/dave.png', url: 'https://social.example/@dave' };
const erin = { account_id: 12, handle: '@erin@other.example', name: null, icon_url: 'http://other.example/erin.png', url: null };
const threads: FediverseThread[] = [
  {
    id: 5,
    body: '<img src=x onerror=alert(1)>\nsecond line',
    url: 'https://social.example/@dave/1',
    created_at: at,
    updated_at: at,
    remote: dave,
    user: null,
    replies: [
      { id: 6, reply_to_id: null, body: 'An answer.', url: 'https://other.example/notes/6', created_at: at, updated_at: at, remote: erin, user: null },
      { id: 7, reply_to_id: 6, body: 'And back.', url: 'https://social.example/@dave/2', created_at: at, updated_at: at, remote: dave, user: null },
      // A member's answer, from here.
      { id: 8, reply_to_id: 7, body: 'Hello from Inkwell.', url: null, created_at: at, updated_at: at, remote: null, user: { id: 30, name: 'Reader', profile_picture: null } },
    ],
  },
];

const withReplies = (comments: FediverseThread[], post = aPostDetail({ comments: [], comments_count: 4 })) =>
  api(post, (path) => (path === 'fediverse-replies' ? { body: { comments, answerable: true, boosts: 0 } } : undefined));

describe('replies from the fediverse on a story', () => {
  it('scrolls to the one a notification leads to (#fediverse-<id>), once they are there', async () => {
    const scrolled: string[] = [];
    // jsdom lays nothing out: the scroll is recorded instead.
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: HTMLElement) {
        scrolled.push(this.id);
      },
    });
    withReplies(threads);
    renderApp(`${paths.viewPost.getHref(1)}#fediverse-7`);
    await screen.findByRole('heading', { name: 'From the fediverse (4)' });
    await waitFor(() => expect(scrolled).toContain('fediverse-7'));
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
  });

  it('show under the comments with their authors, a link to each on its server, and their threads, as text', async () => {
    withReplies(threads);
    renderApp(paths.viewPost.getHref(1));
    const section = (await screen.findByRole('heading', { name: 'From the fediverse (4)' })).closest('section')!;
    // The comments count holds them: no "No comments to show" above them.
    expect(screen.queryByText(TEXT.noComments)).not.toBeInTheDocument();
    const [first] = within(section).getAllByTestId('fediverse-reply');
    expect(within(first!).getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
    expect(first!.querySelector('img[src="x"]')).toBeNull();
    const name = within(first!).getAllByRole('link', { name: 'Dave' })[0]!;
    expect(name).toHaveAttribute('href', dave.url);
    expect(name).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(within(first!).getAllByText(/^@dave@social\.example ·/)[0]).toBeInTheDocument();
    expect(within(first!).getAllByRole('link', { name: /View on social\.example/ })[0]).toHaveAttribute('href', 'https://social.example/@dave/1');
    // Pictures from their server over https only, and without the page's address as referrer.
    const pictures = [...first!.querySelectorAll('img')];
    expect(pictures[0]).toHaveAttribute('src', dave.icon_url);
    expect(pictures[0]).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(pictures[1]).toHaveAttribute('src', DEFAULT_USER_IMAGE);
    const answers = within(first!).getAllByTestId('fediverse-answer');
    // Erin gave no name: her handle is her name, said once.
    expect(within(answers[0]!).getAllByText(/@erin@other\.example/)).toHaveLength(1);
    expect(within(answers[1]!).getByRole('link', { name: '@erin@other.example' })).toHaveAttribute('href', '#fediverse-6');
  });

  it('may be removed by the story’s writer, asked once more, and by nobody else', async () => {
    let shown = threads;
    const post = aPostDetail({ id: 1, user_id: 20, comments: [], comments_count: 3 });
    const fetchMock = api(post, (path) => {
      if (path === 'fediverse-replies') return { body: { comments: shown, answerable: true, boosts: 0 } };
      if (path === 'fediverse-replies/delete') {
        shown = [];
        return { body: { message: 'The reply is gone from your story.' } };
      }
      return undefined;
    });
    // A member who answered may delete their own answer, nothing else.
    signIn(30);
    const reader = renderApp(paths.viewPost.getHref(1));
    await screen.findByRole('heading', { name: 'From the fediverse (4)' });
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(1);
    expect(within(screen.getByText('Hello from Inkwell.').closest('li')!).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    reader.unmount();

    signIn(20);
    renderApp(paths.viewPost.getHref(1));
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'From the fediverse (4)' });
    // The thread's opener, and each answer.
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(4);
    await user.click(screen.getAllByRole('button', { name: 'Remove' })[0]!);
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this reply from your story?' });
    expect(within(dialog).getByText('It and the answers to it will no longer show here. A reply from another server stays on it.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /From the fediverse/ })).not.toBeInTheDocument());
    const removal = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/fediverse-replies/delete'));
    expect(jsonBody(removal![1] as RequestInit)).toEqual({ user_id: 20, id: 5 });
  });

  it('let the story’s writer block an account that replied, asked once more, and nobody else', async () => {
    const fetchMock = api(aPostDetail({ id: 1, user_id: 20, comments: [], comments_count: 4 }), (path) => {
      if (path === 'fediverse-replies') return { body: { comments: threads, answerable: true, boosts: 0 } };
      if (path === 'fediverse-blocks/set') return { body: { message: 'Blocked: this account can no longer follow you, like, boost or reply to your stories.', is_blocked: true } };
      return undefined;
    });
    signIn(40);
    const reader = renderApp(paths.viewPost.getHref(1));
    await screen.findByRole('heading', { name: 'From the fediverse (4)' });
    expect(screen.queryByRole('button', { name: /^Block/ })).not.toBeInTheDocument();
    reader.unmount();

    signIn(20);
    renderApp(paths.viewPost.getHref(1));
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'From the fediverse (4)' });
    // Each reply from elsewhere, not the member's answer.
    expect(screen.getAllByRole('button', { name: /^Block/ })).toHaveLength(3);
    const erins = screen.getByText('An answer.').closest('li')!;
    await user.click(within(erins).getAllByRole('button', { name: 'Block @erin@other.example' })[0]!);
    const dialog = await screen.findByRole('alertdialog', { name: 'Block @erin@other.example?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await screen.findByText('Blocked: this account can no longer follow you, like, boost or reply to your stories.');
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/fediverse-blocks/set'));
    expect(jsonBody(sent![1] as RequestInit)).toEqual({ user_id: 20, account_id: 12, status: 1 });
  });

  it('are answered from here: the box sends the answer to the reply it opened under, and the list is read again', async () => {
    let calls = 0;
    const fetchMock = api(aPostDetail({ id: 1, user_id: 20, comments: [], comments_count: 4 }), (path) => {
      if (path === 'fediverse-replies') return { body: { comments: threads, answerable: (calls += 1) > 0, boosts: 0 } };
      if (path === 'fediverse-replies/answer') return { body: { message: 'Your reply is on its way.', id: 9 } };
      return undefined;
    });
    signIn(40);
    renderApp(paths.viewPost.getHref(1));
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'From the fediverse (4)' });
    const erins = screen.getByText('An answer.').closest('li')!;
    await user.click(within(erins).getByRole('button', { name: 'Reply' }));
    const box = within(erins).getByRole('textbox', { name: 'Reply to @erin@other.example' });
    await user.type(box, 'Thanks, Erin.');
    const before = calls;
    await user.click(within(box.closest('form')!).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(within(erins).queryByRole('textbox')).not.toBeInTheDocument());
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/fediverse-replies/answer'));
    expect(jsonBody(sent![1] as RequestInit)).toEqual({ user_id: 40, post_id: 1, reply_to_id: 6, reply: 'Thanks, Erin.' });
    await waitFor(() => expect(calls).toBeGreaterThan(before));
  });

  it('cannot be answered from here when this server does not federate', async () => {
    api(aPostDetail({ comments: [], comments_count: 4 }), (path) => (path === 'fediverse-replies' ? { body: { comments: threads, answerable: false, boosts: 0 } } : undefined));
    signIn(40);
    renderApp(paths.viewPost.getHref(1));
    await screen.findByRole('heading', { name: 'From the fediverse (4)' });
    expect(screen.queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
  });

  it('say how many boosted the story there, even with no reply', async () => {
    api(aPostDetail({ comments: [], comments_count: 0 }), (path) => (path === 'fediverse-replies' ? { body: { comments: [], answerable: true, boosts: 3 } } : undefined));
    renderApp(paths.viewPost.getHref(1));
    expect(await screen.findByRole('heading', { name: 'From the fediverse' })).toBeInTheDocument();
    expect(screen.getByTestId('fediverse-boosts')).toHaveTextContent('Boosted 3 times.');
    expect(screen.queryByRole('list', { name: 'Replies from the fediverse' })).not.toBeInTheDocument();
    expect(screen.getByText(TEXT.noComments)).toBeInTheDocument();
  });

  it('show nothing when there are none, and the comments say so', async () => {
    withReplies([], aPostDetail({ comments: [], comments_count: 0 }));
    renderApp(paths.viewPost.getHref(1));
    expect(await screen.findByText(TEXT.noComments)).toBeInTheDocument();
    expect(screen.queryByText(/From the fediverse/)).not.toBeInTheDocument();
  });
});
