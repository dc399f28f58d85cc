import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PASSWORD_HINT, TEXT } from '@inkwell/contract';
import { aProfile, jsonBody, mockApi, renderApp } from '../test/render';
import { getSession } from '../lib/session';

async function fillAndSubmit(email = 'ada@example.com', password = 'abc123!@') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'LOGIN' }));
}

describe('Login screen', () => {
  it('shows the fields, the hint, Forgot password, LOGIN and SIGN UP, and sets the title', async () => {
    mockApi(() => ({ body: { google_client_id: null } }));
    renderApp('/login');
    expect(await screen.findByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByText(PASSWORD_HINT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'SIGN UP' })).toHaveAttribute('href', '/signup');
    expect(document.title).toBe('Login · Inkwell');
  });

  it('shows the server message in a red popup and field errors under the inputs', async () => {
    mockApi((path) =>
      path === 'login'
        ? { status: 422, body: { message: 'Check the form.', errors: { email: ['The email is odd.'], password: ['Too weak.'] } } }
        : undefined,
    );
    renderApp('/login');
    await fillAndSubmit();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Check the form.');
    expect(alert).toHaveAttribute('data-color', 'red');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('The email is odd.');
    expect(screen.getByText('Too weak.')).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });

  it('falls back to the default text when the server gives no message', async () => {
    mockApi((path) => (path === 'login' ? { status: 500, body: 'oops' } : undefined));
    renderApp('/login');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT.loginFailedDefault);
  });

  it('sends an unverified user (403) to /verified with the message', async () => {
    mockApi((path) => (path === 'login' ? { status: 403, body: { message: 'Please verify first.' } } : undefined));
    const { router } = renderApp('/login');
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/verified'));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('success')).toBe('false');
    expect(query.get('message')).toBe('Please verify first.');
    expect(await screen.findByTestId('verified-message')).toHaveTextContent('Please verify first.');
    expect(screen.getByText(TEXT.verifiedTitle)).toBeInTheDocument();
  });

  it('stores the session cookies and returns to the page the guard came from', async () => {
    const fetchMock = mockApi((path) =>
      path === 'login' ? { body: { message: 'Welcome', token: 'tok-123', user: aProfile } } : undefined,
    );
    const { router } = renderApp('/saved');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await fillAndSubmit('ada@example.com', 'abc123!@');

    await waitFor(() => expect(router.state.location.pathname).toBe('/saved'));
    expect(getSession()).toEqual({ id: '7' });
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/user/login');
    expect(call?.[1]?.credentials).toBe('same-origin');
    expect(jsonBody(call![1]!)).toEqual({ email: 'ada@example.com', password: 'abc123!@' });
    expect(await screen.findByRole('heading', { name: 'Saved' })).toBeInTheDocument();
  });
});
