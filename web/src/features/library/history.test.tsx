import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HISTORY_MESSAGES, type HistoryEntry, type HistoryResponse } from '@inkwell/contract';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { aPage, aPost, mockIntersectionObserver, signIn } from '../../test/posts';

const HOUR = 3600_000;
const entry = (id: number, hoursAgo: number): HistoryEntry => ({
  post: aPost({ id, title: `Read story ${id}` }),
  read_at: new Date(Date.now() - hoursAgo * HOUR).toISOString(),
});

/** A server holding a history: pages of two by cursor; settings, remove and clear change it. */
function api(start: { enabled: boolean; entries: HistoryEntry[] }) {
  const state = { ...start };
  const fetchMock = mockApi((path, init) => {
    if (path === 'profile') return { body: { user: aProfile } };
    if (path === 'author-posts') return { body: aPage([]) };
    if (path === 'history') {
      const { cursor } = jsonBody(init) as { cursor?: string };
      const from = cursor ? Number(cursor) : 0;
      const page: HistoryResponse = {
        enabled: state.enabled,
        entries: state.entries.slice(from, from + 2),
        next_cursor: from + 2 < state.entries.length ? String(from + 2) : null,
      };
      return { body: page };
    }
    if (path === 'history/settings') {
      const { enabled } = jsonBody(init) as { enabled: 0 | 1 };
      state.enabled = enabled === 1;
      return { body: { message: state.enabled ? HISTORY_MESSAGES.on : HISTORY_MESSAGES.off, enabled: state.enabled } };
    }
    if (path === 'history/remove') {
      const { post_id } = jsonBody(init) as { post_id: number };
      state.entries = state.entries.filter((item) => item.post.id !== post_id);
      return { body: { message: HISTORY_MESSAGES.removed, removed: 1 } };
    }
    if (path === 'history/clear') {
      const removed = state.entries.length;
      state.entries = [];
      return { body: { message: HISTORY_MESSAGES.cleared, removed } };
    }
    return undefined;
  });
  return { fetchMock, state };
}

const bodiesOf = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === `/api/user/${path}`).map(([, init]) => jsonBody(init as RequestInit));

describe('the Library’s History tab', () => {
  it('is the fourth tab, in the address', async () => {
    mockIntersectionObserver();
    signIn();
    api({ enabled: false, entries: [] });
    const { router } = renderApp('/yourposts');
    const user = userEvent.setup();
    const tabs = (await screen.findAllByRole('tab')).map((tab) => tab.textContent);
    expect(tabs).toEqual(['Published', 'Drafts', 'Scheduled', 'History']);
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(router.state.location.search).toBe('?tab=history');
    expect(await screen.findByRole('switch', { name: 'Keep my reading history' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'History' })).toBeInTheDocument();
  });

  it('when off, says what it is and turns on with the switch (click or keyboard), then off', async () => {
    signIn();
    const { fetchMock } = api({ enabled: false, entries: [] });
    renderApp('/yourposts?tab=history');
    const toggle = await screen.findByRole('switch', { name: 'Keep my reading history' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription(/Only you see your reading history\. Nothing is kept until you turn it on/);
    expect(screen.queryByRole('button', { name: /Clear history/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Reading history' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(await screen.findByText(HISTORY_MESSAGES.on)).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'history/settings')).toEqual([{ user_id: 7, enabled: 1 }]);
    expect(await screen.findByText(/Nothing here yet/)).toBeInTheDocument();

    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(await screen.findByText(HISTORY_MESSAGES.off)).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'history/settings')).toEqual([
      { user_id: 7, enabled: 1 },
      { user_id: 7, enabled: 0 },
    ]);
  });

  it('puts the switch back when the server refuses', async () => {
    signIn();
    mockApi((path) => {
      if (path === 'profile') return { body: { user: aProfile } };
      if (path === 'history') return { body: { enabled: false, entries: [], next_cursor: null } };
      if (path === 'history/settings') return { status: 500, body: { message: 'Something went wrong.' } };
      return undefined;
    });
    renderApp('/yourposts?tab=history');
    const toggle = await screen.findByRole('switch', { name: 'Keep my reading history' });
    await userEvent.setup().click(toggle);
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('when on, lists the stories last opened first with when, more as the reader scrolls', async () => {
    const observer = mockIntersectionObserver();
    signIn();
    const { fetchMock } = api({ enabled: true, entries: [entry(1, 1), entry(2, 26), entry(3, 24 * 40)] });
    renderApp('/yourposts?tab=history');
    const list = await screen.findByRole('list', { name: 'Reading history' });
    expect(screen.getByRole('switch', { name: 'Keep my reading history' })).toHaveAttribute('aria-checked', 'true');
    let cards = within(list).getAllByTestId('post-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Read story 1', 'Read story 2']);
    expect(within(cards[0]!).getByTestId('history-opened')).toHaveTextContent('Opened 1 hour ago');
    expect(within(cards[1]!).getByTestId('history-opened')).toHaveTextContent('Opened 1 day ago');

    observer.reveal(screen.getByTestId('sentinel'));
    await waitFor(() => expect(within(list).getAllByTestId('post-card')).toHaveLength(3));
    cards = within(list).getAllByTestId('post-card');
    expect(within(cards[2]!).getByTestId('history-opened')).toHaveTextContent('Opened 1 month ago');
    expect(bodiesOf(fetchMock, 'history')).toEqual([{ user_id: 7 }, { user_id: 7, cursor: '2' }]);
    expect(screen.queryByTestId('sentinel')).not.toBeInTheDocument();
  });

  it('removes one story', async () => {
    mockIntersectionObserver();
    signIn();
    const { fetchMock } = api({ enabled: true, entries: [entry(1, 1), entry(2, 2)] });
    renderApp('/yourposts?tab=history');
    await screen.findByRole('list', { name: 'Reading history' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove “Read story 2” from your history' }));
    await waitFor(() => expect(screen.queryByText('Read story 2')).not.toBeInTheDocument());
    expect(screen.getByText('Read story 1')).toBeInTheDocument();
    expect(await screen.findByText(HISTORY_MESSAGES.removed)).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'history/remove')).toEqual([{ user_id: 7, post_id: 2 }]);
  });

  it('clears it all after the confirmation, and not when cancelled', async () => {
    mockIntersectionObserver();
    signIn();
    const { fetchMock } = api({ enabled: true, entries: [entry(1, 1), entry(2, 2)] });
    renderApp('/yourposts?tab=history');
    await screen.findByRole('list', { name: 'Reading history' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Clear history' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Clear your reading history?' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'history/clear')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Clear history' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Clear your reading history?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear history' }));
    expect(await screen.findByText(HISTORY_MESSAGES.cleared)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Read story 1')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText(/Nothing here yet/)).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'history/clear')).toEqual([{ user_id: 7 }]);
    expect(screen.getByRole('switch', { name: 'Keep my reading history' })).toHaveAttribute('aria-checked', 'true');
  });

  it('when off, still shows what it kept, with Clear', async () => {
    mockIntersectionObserver();
    signIn();
    api({ enabled: false, entries: [entry(1, 1)] });
    renderApp('/yourposts?tab=history');
    expect(await screen.findByRole('list', { name: 'Reading history' })).toHaveTextContent('Read story 1');
    expect(screen.getByText(/nothing new is added/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear history' })).toBeInTheDocument();
  });

  it('says when it cannot be loaded', async () => {
    signIn();
    mockApi((path) => {
      if (path === 'profile') return { body: { user: aProfile } };
      if (path === 'history') return { status: 500, body: { message: 'Something went wrong.' } };
      return undefined;
    });
    renderApp('/yourposts?tab=history');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your reading history could not be loaded.');
  });
});
