import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PASSWORD_HINT, TEXT } from '@inkwell/contract';
import { aProfile, jsonBody, mockApi, renderApp } from '../../../test/render';
import { getSession } from '../../../lib/session';

const NEW_PASSWORD = 'Fresh#2026';

describe('Forgot password', () => {
  it('opens from the Login link with the address typed so far', async () => {
    mockApi((path) => (path === 'client-config' ? { body: { google_client_id: null, federation: false } } : undefined));
    const { router } = renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    const link = screen.getByRole('link', { name: 'Forgot password' });
    expect(link).toHaveAttribute('href', '/forgot-password');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(document.title).toBe('Forgot password · Inkwell');
  });

  it('sends the address and says what the server says, in place, with the way back to Login', async () => {
    const fetchMock = mockApi((path) => (path === 'forgot-password' ? { body: { message: TEXT.resetLinkSent } } : undefined));
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), '  ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByTestId('reset-link-sent')).toHaveTextContent(TEXT.resetLinkSent);
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/user/forgot-password');
    expect(jsonBody(call![1]!)).toEqual({ email: 'ada@example.com' });
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');

    await user.click(screen.getByRole('button', { name: 'Use another email or send again' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('shows the field error and the server message when the request is refused', async () => {
    mockApi((path) => (path === 'forgot-password' ? { status: 429, body: { message: 'Too many requests. Please try again in 60 seconds.' } } : undefined));
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many requests. Please try again in 60 seconds.');
    expect(alert).toHaveAttribute('data-color', 'red');
    expect(screen.queryByTestId('reset-link-sent')).not.toBeInTheDocument();
  });
});

describe('Reset password', () => {
  async function fill(password: string, confirmation: string) {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), password);
    await user.type(screen.getByLabelText('Confirm new password'), confirmation);
    return user;
  }

  it('offers a new link when the address carries no token', async () => {
    mockApi(() => undefined);
    renderApp('/reset-password');
    expect(await screen.findByTestId('reset-link-invalid')).toHaveTextContent(TEXT.resetLinkInvalid);
    expect(screen.getByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('blocks a confirmation that does not match, as the settings do', async () => {
    const fetchMock = mockApi(() => undefined);
    renderApp('/reset-password?token=tok-1');
    await fill(NEW_PASSWORD, 'Fresh#2027');
    expect(screen.getByText(TEXT.passwordMismatchSettings)).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_HINT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save new password' })).toBeDisabled();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('reset-password'))).toBe(false);
  });

  it('sends the token and the new password, then lands home signed in with the message', async () => {
    const fetchMock = mockApi((path) => (path === 'reset-password' ? { body: { message: TEXT.passwordResetDone, token: 'tok-new', user: aProfile } } : undefined));
    const { router } = renderApp('/reset-password?token=tok-1');
    const user = await fill(NEW_PASSWORD, NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getSession()).toEqual({ id: '7' });
    expect(await screen.findByTestId('home-banner')).toHaveTextContent(TEXT.passwordResetDone);
    // The message leaves the address once shown.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/user/reset-password');
    expect(jsonBody(call![1]!)).toEqual({ token: 'tok-1', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
  });

  it('turns into the new-link offer when the server says the link is spent', async () => {
    mockApi((path) => (path === 'reset-password' ? { status: 422, body: { message: TEXT.resetLinkInvalid, errors: { token: [TEXT.resetLinkInvalid] } } } : undefined));
    renderApp('/reset-password?token=used');
    const user = await fill(NEW_PASSWORD, NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByTestId('reset-link-invalid')).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });

  it('shows the server’s password error under its field', async () => {
    mockApi((path) => (path === 'reset-password' ? { status: 422, body: { message: PASSWORD_HINT, errors: { password: ['Too weak.'] } } } : undefined));
    renderApp('/reset-password?token=tok-2');
    const user = await fill(NEW_PASSWORD, NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Too weak.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('Too weak.');
  });
});
