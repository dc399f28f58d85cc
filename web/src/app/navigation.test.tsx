import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../test/render';
import { setSession } from '../lib/session';

/**
 * Screens' code loads on demand. A file of its own: every test file starts with no screen loaded,
 * so the order below is what each screen's code has been through.
 */
describe('Moving between screens while their code loads', () => {
  it('shows the screen the reader moved on to, even when the one they left had not arrived yet', async () => {
    setSession(7);
    mockApi(() => undefined);
    // Help's code arrives first…
    const first = renderApp('/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Need Help' })).toBeInTheDocument();
    first.unmount();

    // …then home starts loading its own, and the reader goes to Help before it has come.
    const { router } = renderApp('/');
    await act(() => router.navigate('/help'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Need Help' })).toBeInTheDocument();
    // Home's code arriving later changes nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Need Help' })).toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/help');
  });
});
