import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEXT } from '@inkwell/contract';
import { jsonBody, mockApi, renderApp } from '../../test/render';
import { aPage, aPost, mockIntersectionObserver, signIn } from '../../test/posts';

/**
 * A like, save or follow the server was too busy for (503 with Retry-After, ADR 0077) is sent again
 * after the wait it asks for, the button showing the press meanwhile (aria-busy, which index.css makes pulse); it gives
 * up after three more tries, and a refusal that names no wait is not sent again.
 */
const BUSY = { status: 503, body: { message: 'The server is busy right now. Please try again in a few seconds.' } };
const busyFor = (seconds: number) => ({ ...BUSY, headers: { 'Retry-After': String(seconds) } });

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };

/** The feed with one post by author 20 (member 7 signed in); `answers[path]` are given in turn to that call, the last one again. */
function feedAnswering(answers: Record<string, Answer[]>) {
  mockIntersectionObserver();
  signIn(7);
  const given: Record<string, number> = {};
  return mockApi((path, init) => {
    if (path === 'view-posts') return { body: aPage([aPost({ id: 5, likes_count: 4 })]) };
    const list = answers[path];
    if (!list) return undefined;
    const i = (given[path] = (given[path] ?? 0) + 1) - 1;
    const answer = list[Math.min(i, list.length - 1)]!;
    return typeof answer.body === 'function' ? { ...answer, body: (answer.body as (init: RequestInit) => unknown)(init) } : answer;
  });
}

const bodiesOf = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === `/api/user/${path}`).map(([, init]) => jsonBody(init as RequestInit));

describe('a press the server is too busy for', () => {
  it('keeps the heart pressed and busy (it pulses: index.css), and sends the like again after Retry-After', async () => {
    const fetchMock = feedAnswering({ like: [busyFor(1), { body: { message: 'Post liked.', is_like: true, likes_count: 5 } }] });
    renderApp('/');
    const user = userEvent.setup();
    const card = await screen.findByTestId('post-card');
    await user.click(within(card).getByRole('button', { name: 'Like' }));
    // Refused: still pressed (solid heart, count 5), now waiting, and no notice.
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-busy', 'true'));
    expect(within(card).getByTestId('likes-count')).toHaveTextContent('5');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(bodiesOf(fetchMock, 'like')).toHaveLength(1);
    // A second or so later it goes again, and is taken.
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-busy', 'false'), { timeout: 3_000 });
    expect(bodiesOf(fetchMock, 'like')).toEqual([
      { user_id: 7, post_id: 5, status: 1 },
      { user_id: 7, post_id: 5, status: 1 },
    ]);
    expect(within(card).getByTestId('likes-count')).toHaveTextContent('5');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives up after three more tries, putting the heart back with the notice; a 503 naming no wait is not sent again', async () => {
    const fetchMock = feedAnswering({ like: [busyFor(0)], 'posts/save': [BUSY] });
    renderApp('/');
    const user = userEvent.setup();
    const card = await screen.findByTestId('post-card');
    await user.click(within(card).getByRole('button', { name: 'Like' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BUSY.body.message);
    expect(bodiesOf(fetchMock, 'like')).toHaveLength(4);
    expect(within(card).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-busy', 'false');
    expect(within(card).getByTestId('likes-count')).toHaveTextContent('4');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Save' })).toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 50));
    expect(bodiesOf(fetchMock, 'posts/save')).toHaveLength(1);
  });

  it('sends an unlike pressed while the like waits after the like, so the last press wins', async () => {
    const fetchMock = feedAnswering({
      like: [busyFor(1), { body: (init: RequestInit) => ({ message: 'ok', is_like: (jsonBody(init) as { status: number }).status === 1, likes_count: 4 }) }],
    });
    renderApp('/');
    const user = userEvent.setup();
    const card = await screen.findByTestId('post-card');
    await user.click(within(card).getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-busy', 'true'));
    await user.click(within(card).getByRole('button', { name: 'Unlike' }));
    expect(within(card).getByRole('button', { name: 'Like' })).toBeInTheDocument();
    await waitFor(() => expect(bodiesOf(fetchMock, 'like')).toHaveLength(3), { timeout: 3_000 });
    expect(bodiesOf(fetchMock, 'like').map((b) => (b as { status: number }).status)).toEqual([1, 1, 0]);
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Like' })).toBeInTheDocument());
  });

  it("keeps the bookmark pressed while the save waits, and says 'Post Saved' once it is taken", async () => {
    const fetchMock = feedAnswering({ 'posts/save': [busyFor(1), { body: { message: 'done', is_saved: true } }] });
    renderApp('/');
    const user = userEvent.setup();
    const card = await screen.findByTestId('post-card');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Remove from saved' })).toHaveAttribute('aria-busy', 'true'));
    expect(screen.queryByText(TEXT.postSaved)).toBeNull();
    expect(await screen.findByText(TEXT.postSaved, {}, { timeout: 3_000 })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Remove from saved' })).toHaveAttribute('aria-busy', 'false');
    expect(bodiesOf(fetchMock, 'posts/save')).toHaveLength(2);
  });

  it('keeps Follow flipped to Unfollow while it waits, then settles it with the answer', async () => {
    const fetchMock = feedAnswering({
      'is-following': [{ body: { message: 'ok', is_following: false, followers_count: 12 } }],
      'follow-unfollow': [busyFor(1), { body: { message: 'ok', is_following: true, followers_count: 13 } }],
    });
    renderApp('/');
    const user = userEvent.setup();
    const card = await screen.findByTestId('post-card');
    await user.hover(within(card).getByRole('link', { name: /Grace Hopper/ }));
    const about = await screen.findByRole('group', { name: 'About Grace Hopper' });
    await user.click(await within(about).findByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(within(about).getByRole('button', { name: 'Unfollow' })).toHaveAttribute('aria-busy', 'true'));
    expect(within(about).getByTestId('followers-count')).toHaveTextContent('13 followers'); // counted at once, as pressed
    await waitFor(() => expect(within(about).getByRole('button', { name: 'Unfollow' })).toHaveAttribute('aria-busy', 'false'), { timeout: 3_000 });
    expect(within(about).getByTestId('followers-count')).toHaveTextContent('13 followers');
    expect(bodiesOf(fetchMock, 'follow-unfollow')).toEqual([
      { user_id: 7, follow_id: 20, followType: 1 },
      { user_id: 7, follow_id: 20, followType: 1 },
    ]);
  });
});
