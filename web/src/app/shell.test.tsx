import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aProfile, mockApi, renderApp } from '../test/render';
import { getSession, setSession } from '../lib/session';
import { aNotification } from '../test/notifications';

function signedInApi(overrides: { email?: string | null; notifications?: unknown[]; unseen_count?: number } = {}) {
  return mockApi((path, init) => {
    if (path === 'profile') return { body: { user: { ...aProfile, email: overrides.email ?? aProfile.email } } };
    if (path === 'notifications') return { body: { notifications: overrides.notifications ?? [], unseen_count: overrides.unseen_count ?? 0 } };
    if (path === 'logout') return init.credentials === 'same-origin' ? { body: { message: 'Logged out' } } : { status: 401, body: { message: 'No' } };
    return undefined;
  });
}

describe('Top bar and profile menu', () => {
  it('shows Login and Sign up when signed out', async () => {
    mockApi(() => undefined);
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('button', { name: 'Profile menu' })).not.toBeInTheDocument();
  });

  it('lists the seven entries, Stats, and the masked email under Logout', async () => {
    setSession(7);
    signedInApi();
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));

    const menu = screen.getByRole('menu');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Profile', 'Saved', 'Library', 'Stats', 'Settings', 'Help', 'Manage Recommendation', 'Logout']);
    expect(within(menu).getByRole('menuitem', { name: 'Stats' })).toHaveAttribute('href', '/stats');
    expect(within(menu).getByRole('menuitem', { name: 'Library' })).toHaveAttribute('href', '/yourposts');
    expect(within(menu).getByRole('menuitem', { name: 'Manage Recommendation' })).toHaveAttribute('href', '/recommendation');
    await waitFor(() => expect(screen.getByTestId('masked-email')).toHaveTextContent('ada********@example.com'));
  });

  it("shows 'Invalid email' when the profile has no usable email", async () => {
    setSession(7);
    signedInApi({ email: 'not-an-email' });
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    await waitFor(() => expect(screen.getByTestId('masked-email')).toHaveTextContent('Invalid email'));
  });

  it('closes on Escape (focus back on the button) and on an outside click', async () => {
    setSession(7);
    signedInApi();
    renderApp('/');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Profile menu' });
    await user.click(button);
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Saved' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.click(button);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('shows the notifications dot only when some notifications are unseen', async () => {
    setSession(7);
    signedInApi({ notifications: [aNotification({ id: 1, message: 'Bo liked your post', seen: false })], unseen_count: 1 });
    const first = renderApp('/');
    expect(await screen.findByTestId('notifications-dot')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications (new)' })).toHaveAttribute('href', '/notifications');
    first.unmount();

    // Notifications, all seen: no dot.
    const fetchMock = signedInApi({ notifications: [aNotification({ id: 1, message: 'Bo liked your post' })], unseen_count: 0 });
    renderApp('/');
    await screen.findByRole('button', { name: 'Profile menu' });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/user/notifications')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('notifications-dot')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');
  });

  it('logs out: revokes the session, deletes both cookies and goes to /login', async () => {
    setSession(7);
    const fetchMock = signedInApi();
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getSession()).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/user/logout')).toBe(true);
  });
});
