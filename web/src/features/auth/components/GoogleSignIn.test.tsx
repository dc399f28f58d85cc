import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEXT } from '@inkwell/contract';
import { jsonBody, mockApi, renderApp } from '../../../test/render';
import { getSession } from '../../../lib/session';

function stubGoogle() {
  const calls: { callback?: (response: { credential?: string }) => void } = {};
  const id = {
    initialize: vi.fn((options: { callback: (response: { credential?: string }) => void }) => {
      calls.callback = options.callback;
    }),
    renderButton: vi.fn(),
    prompt: vi.fn(),
    cancel: vi.fn(),
  };
  vi.stubGlobal('google', { accounts: { id } });
  return { id, calls };
}

describe('Google sign-in', () => {
  it('is absent when the server has no google_client_id', async () => {
    mockApi((path) => (path === 'client-config' ? { body: { google_client_id: null, federation: false } } : undefined));
    const { id } = stubGoogle();
    renderApp('/login');
    await screen.findByRole('button', { name: 'LOGIN' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('google-button')).not.toBeInTheDocument();
    expect(id.initialize).not.toHaveBeenCalled();
  });

  it('renders the button, offers One Tap, and signs in with the credential', async () => {
    const fetchMock = mockApi((path) => {
      if (path === 'client-config') return { body: { google_client_id: 'client-123', federation: false } };
      if (path === 'google') return { body: { message: 'ok', token: 'g-tok', id: 9 } };
      return undefined;
    });
    const { id, calls } = stubGoogle();
    const { router } = renderApp('/login');
    await waitFor(() => expect(id.prompt).toHaveBeenCalled());
    expect(id.initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'client-123' }));
    expect(id.renderButton).toHaveBeenCalledWith(screen.getByTestId('google-button'), expect.any(Object));

    act(() => calls.callback?.({ credential: 'id-token' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getSession()).toEqual({ id: '9' });
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/user/google');
    expect(jsonBody(call![1]!)).toEqual({ credential: 'id-token' });
  });

  it('says "Google didn\'t respond" when the server refuses', async () => {
    mockApi((path) => {
      if (path === 'client-config') return { body: { google_client_id: 'client-123', federation: false } };
      if (path === 'google') return { status: 401, body: { message: 'Invalid Google token.' } };
      return undefined;
    });
    const { id, calls } = stubGoogle();
    renderApp('/signup');
    await waitFor(() => expect(id.prompt).toHaveBeenCalled());
    act(() => calls.callback?.({ credential: 'bad' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT.googleFailed);
    expect(getSession()).toBeNull();
  });
});
