import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { signIn } from '../../test/posts';
import { aNotification, mockEventSource } from '../../test/notifications';

function api(unseenCount = 0) {
  return mockApi((path) => {
    if (path === 'notifications') return { body: { notifications: [aNotification({ id: 1, message: 'An old like' })], unseen_count: unseenCount } };
    if (path === 'notifications/seen') return { body: { message: 'Marked as seen.', unseen_count: 0 } };
    if (path === 'profile') return { body: { user: aProfile } };
    if (path === 'logout') return { body: { message: 'Logged out' } };
    return undefined;
  });
}

const STREAM = '/api/user/notifications/stream';

describe('Live notifications', () => {
  it('opens one stream while signed in, none for a visitor', async () => {
    const streams = mockEventSource();
    api();
    const visitor = renderApp('/');
    await screen.findByRole('link', { name: 'Login' });
    expect(streams.instances).toHaveLength(0);
    visitor.unmount();

    signIn(7);
    renderApp('/');
    await screen.findByRole('button', { name: 'Profile menu' });
    expect(streams.instances).toHaveLength(1);
    expect(streams.latest.url).toBe(STREAM);
  });

  it('puts a new notification first in the list and lights the dot; an `unseen` event sets the dot', async () => {
    const streams = mockEventSource();
    signIn(7);
    api(1);
    const { router } = renderApp('/');
    expect(await screen.findByTestId('notifications-dot')).toBeInTheDocument();
    act(() => streams.latest.open());

    // Another tab showed them: the count goes to 0, and so does the dot.
    act(() => streams.latest.emit('unseen', { unseen_count: 0 }));
    await waitFor(() => expect(screen.queryByTestId('notifications-dot')).not.toBeInTheDocument());

    act(() => streams.latest.emit('notification', { notification: aNotification({ id: 2, message: 'Bo liked “Tides”.', seen: false }), unseen_count: 1 }, '2'));
    expect(await screen.findByTestId('notifications-dot')).toBeInTheDocument();
    // The same event again (a replay after a reconnect) does not make a second item.
    act(() => streams.latest.emit('notification', { notification: aNotification({ id: 2, message: 'Bo liked “Tides”.', seen: false }), unseen_count: 1 }, '2'));

    act(() => streams.latest.emit('unseen', { unseen_count: 0 }));
    await waitFor(() => expect(screen.queryByTestId('notifications-dot')).not.toBeInTheDocument());
    act(() => streams.latest.emit('unseen', { unseen_count: 3 }));
    expect(await screen.findByTestId('notifications-dot')).toBeInTheDocument();
    // Not what the contract says: ignored.
    act(() => streams.latest.emit('unseen', { nonsense: true }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('notifications-dot')).toBeInTheDocument();

    await act(() => router.navigate('/notifications'));
    const likes = await screen.findByRole('region', { name: /Likes/ });
    expect(
      within(likes)
        .getAllByTestId('notification')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Bo liked “Tides”.'), expect.stringContaining('An old like')]);
  });

  it('shows an item that comes while the screen is open as new, and marks it seen', async () => {
    const streams = mockEventSource();
    signIn(7);
    const fetchMock = api(0);
    renderApp('/notifications');
    await screen.findByText('An old like');

    act(() => streams.latest.emit('notification', { notification: aNotification({ id: 5, message: 'Cy liked “Tides”.', seen: false }), unseen_count: 1 }, '5'));
    const item = (await screen.findByText('Cy liked “Tides”.')).closest('[data-testid="notification"]')!;
    expect(item).toHaveAttribute('data-new', 'true');
    await waitFor(() => {
      const seen = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/notifications/seen'));
      expect(seen.map(([, init]) => jsonBody(init as RequestInit))).toEqual([{ user_id: 7, ids: [5] }]);
    });
    await waitFor(() => expect(screen.queryByTestId('notifications-dot')).not.toBeInTheDocument());
    expect(item).toHaveAttribute('data-new', 'true');
  });

  it('reconnects after the server refused the stream: 2 s, then 4 s, from the last event seen', async () => {
    const streams = mockEventSource();
    signIn(7);
    api(0);
    renderApp('/');
    await screen.findByRole('button', { name: 'Profile menu' });
    act(() => streams.latest.open());
    act(() => streams.latest.emit('notification', { notification: aNotification({ id: 42, seen: false }), unseen_count: 1 }, '42'));

    vi.useFakeTimers();
    // A dropped connection the browser takes up again by itself: nothing to do.
    act(() => streams.latest.fail(false));
    act(() => vi.advanceTimersByTime(60_000));
    expect(streams.instances).toHaveLength(1);

    // A non-200 answer (503, 401): the browser gives up; we come back after 2 s.
    const first = streams.latest;
    act(() => first.fail());
    act(() => vi.advanceTimersByTime(1_999));
    expect(streams.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(streams.instances).toHaveLength(2);
    expect(first.closed).toBe(true);
    expect(streams.latest.url).toBe(`${STREAM}?last_event_id=42`);

    // Refused again: 4 s this time.
    act(() => streams.latest.fail());
    act(() => vi.advanceTimersByTime(3_999));
    expect(streams.instances).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(streams.instances).toHaveLength(3);
    expect(streams.latest.url).toBe(`${STREAM}?last_event_id=42`);

    // Once connected, the wait starts again from 2 s.
    act(() => streams.latest.open());
    act(() => streams.latest.emit('notification', { notification: aNotification({ id: 43, seen: false }), unseen_count: 2 }, '43'));
    act(() => streams.latest.fail());
    act(() => vi.advanceTimersByTime(2_000));
    expect(streams.instances).toHaveLength(4);
    expect(streams.latest.url).toBe(`${STREAM}?last_event_id=43`);
  });

  it('closes the stream on sign-out and does not come back', async () => {
    const streams = mockEventSource();
    signIn(7);
    api(0);
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    const source = streams.latest;
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(source.closed).toBe(true);
    expect(streams.instances).toHaveLength(1);
  });

  it('stops retrying when the session ended meanwhile (a 401 dropped its cookies)', async () => {
    const streams = mockEventSource();
    signIn(7);
    api(0);
    const { router } = renderApp('/profile');
    await screen.findByRole('button', { name: 'Profile menu' });
    vi.useFakeTimers();
    document.cookie = 'id=; path=/; max-age=0';
    act(() => streams.latest.fail());
    act(() => vi.advanceTimersByTime(2_000));
    expect(streams.instances).toHaveLength(1);
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
