import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FormEcho, PASSWORD_HINT, TEXT, encodeId } from '@inkwell/contract';
import { aProfile, jsonBody, mockApi, renderApp } from '../test/render';
import { getSession } from '../lib/session';
import { commentDraftKey, readCommentDraft } from '../lib/comment-drafts';
import { FORM_ECHO_KEY } from '../lib/form-echo';

async function fillAndSubmit(email = 'ada@example.com', password = 'abc123!@') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'LOGIN' }));
}

describe('Login screen', () => {
  it('shows the fields, the hint, Forgot password, LOGIN and SIGN UP, and sets the title', async () => {
    mockApi(() => ({ body: { google_client_id: null, federation: false } }));
    renderApp('/login');
    expect(await screen.findByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByText(PASSWORD_HINT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'SIGN UP' })).toHaveAttribute('href', '/signup');
    expect(document.title).toBe('Login · Inkwell');
  });

  it('shows the server message in a red popup and field errors under the inputs', async () => {
    mockApi((path) => (path === 'login' ? { status: 422, body: { message: 'Check the form.', errors: { email: ['The email is odd.'], password: ['Too weak.'] } } } : undefined));
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

  it('shows a login the server refused (sent before the app ran) and, signed in by the app, keeps its next page and comment', async () => {
    mockApi((path) => (path === 'login' ? { body: { message: 'Welcome', token: 'tok-123', user: aProfile } } : undefined));
    const echo: FormEcho = {
      path: '/login',
      values: { email: 'ada@example.com', next: '/view-post/k3G7QA', comment: 'Kept text', comment_post: encodeId(42) },
      errors: { password: 'These credentials do not match our records.' },
      message: null,
    };
    const { router } = renderApp('/login', (client) => client.setQueryData(FORM_ECHO_KEY, echo));
    expect(await screen.findByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByText('These credentials do not match our records.')).toBeInTheDocument();
    expect(screen.getByTestId('kept-comment')).toHaveTextContent('Kept text');
    expect(document.querySelector('form[action="/login"]')).toHaveAttribute('method', 'post');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'abc123!@');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/view-post/k3G7QA'));
    expect(readCommentDraft(commentDraftKey(42))).toBe('Kept text');
  });

  it('stores the session cookies and returns to the page the guard came from', async () => {
    const fetchMock = mockApi((path) => (path === 'login' ? { body: { message: 'Welcome', token: 'tok-123', user: aProfile } } : undefined));
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
