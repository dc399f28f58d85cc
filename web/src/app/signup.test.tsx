import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PASSWORD_HINT, SIGNUP_CLOSED, TEXT } from '@inkwell/contract';
import { jsonBody, mockApi, renderApp } from '../test/render';

async function fill(password: string, confirmation: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), 'new@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirmation);
  return user;
}

describe('Signup screen', () => {
  it('says the server takes no new accounts, with no form, while sign-up is closed', async () => {
    mockApi((path) => (path === 'client-config' ? { body: { google_client_id: 'abc.apps.googleusercontent.com', federation: false, signup_open: false } } : undefined));
    renderApp('/signup');
    expect(await screen.findByRole('status')).toHaveTextContent(SIGNUP_CLOSED);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign-up is closed');
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull();
    expect(screen.getByRole('link', { name: 'LOGIN' })).toHaveAttribute('href', '/login');
  });

  it('blocks sending when the passwords differ and says "pasword didn\'t match"', async () => {
    const fetchMock = mockApi(() => ({ body: { google_client_id: null, federation: false } }));
    renderApp('/signup');
    const user = await fill('abc123!@', 'abc123!#');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(`${TEXT.passwordMismatchSignup} ${PASSWORD_HINT}`);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByText(TEXT.passwordMismatchSignup)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/register'))).toBe(false);
  });

  it('shows server field errors and the red popup', async () => {
    mockApi((path) =>
      path === 'register' ? { status: 422, body: { message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } } } : undefined,
    );
    renderApp('/signup');
    const user = await fill('abc123!@', 'abc123!@');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The email has already been taken.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('The email has already been taken.');
  });

  it('registers and goes to /verified with the server message', async () => {
    const fetchMock = mockApi((path) => (path === 'register' ? { status: 201, body: { message: 'Check your inbox.' } } : undefined));
    const { router } = renderApp('/signup');
    const user = await fill('abc123!@', 'abc123!@');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verified'));
    expect(await screen.findByTestId('verified-message')).toHaveTextContent('Check your inbox.');
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/user/register');
    // With the form guard's timing (components/FormGuard.tsx): how long the form was open, an empty honeypot left out.
    expect(jsonBody(call![1]!)).toEqual({ email: 'new@example.com', password: 'abc123!@', password_confirmation: 'abc123!@', filled_ms: expect.any(Number) });
  });
});

describe('Signup labels', () => {
  it('gives each field one labelled control, so a browser test can find it by label', async () => {
    mockApi(() => undefined);
    renderApp('/signup');
    await screen.findByRole('button', { name: 'Sign Up' });
    expect(screen.getAllByLabelText('Confirm password', { exact: false })).toHaveLength(1);
    expect(screen.getAllByLabelText('Password')).toHaveLength(1);
    expect(screen.getAllByLabelText('Email', { exact: false })).toHaveLength(1);
  });
});
