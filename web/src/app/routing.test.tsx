import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEXT } from '@inkwell/contract';
import { mockApi, renderApp } from '../test/render';
import { setSession } from '../lib/session';

describe('Routes and guards', () => {
  it.each(['/createpost', '/notifications', '/profile', '/settings', '/recommended/abc', '/edit-post/3'])(
    'sends a visitor from %s to /login, remembering where they were going',
    async (path) => {
      mockApi(() => undefined);
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(router.state.location.state).toMatchObject({ from: { pathname: path } });
      expect(await screen.findByRole('button', { name: 'LOGIN' })).toBeInTheDocument();
    },
  );

  it('lets a signed-in user into a session route', async () => {
    setSession(7);
    mockApi(() => undefined);
    const { router } = renderApp('/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Need Help' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/help');
  });

  it('opens /view-post/:id and /view-profile/:id to visitors', async () => {
    mockApi(() => undefined);
    const { router } = renderApp('/view-post/k3G7QA');
    // No session needed: the post page asks for the post (here the mock knows none: its not-found state).
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/view-post/k3G7QA');
  });

  it('shows the not-found page for any other path', async () => {
    mockApi(() => undefined);
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: TEXT.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take me home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page not found · Inkwell'));
  });

  it('a 401 on a signed-in call ends the session and the guard sends the user to /login', async () => {
    setSession(7);
    mockApi(() => ({ status: 401, body: { message: 'Unauthenticated.' } }));
    const { router } = renderApp('/saved');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
