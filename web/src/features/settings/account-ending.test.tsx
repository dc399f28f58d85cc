import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { signIn } from '../../test/posts';
import { homeWithMessage } from './api/account';
import { leave } from '../../lib/leave';

function api() {
  let blocked = [{ id: 9, name: 'Loud Lex', profile_picture: null }];
  let elsewhere = [{ id: 31, handle: '@troll@far.example', name: 'Far Troll', url: null }];
  return mockApi((path, init) => {
    if (path === 'profile') return { body: { user: { ...aProfile, id: 7, has_password: true } } };
    if (path === 'blocked-users') return { body: { data: blocked } };
    if (path === 'block') {
      blocked = blocked.filter((b) => b.id !== (jsonBody(init) as { block_id: number }).block_id);
      return { body: { message: 'You have unblocked this member.', is_blocked: false } };
    }
    if (path === 'fediverse-blocks') return { body: { data: elsewhere } };
    if (path === 'fediverse-blocks/set') {
      elsewhere = elsewhere.filter((b) => b.id !== (jsonBody(init) as { account_id: number }).account_id);
      return { body: { message: 'You have unblocked this account.', is_blocked: false } };
    }
    if (path === 'update-profile') return { body: { message: 'We sent a link to new@example.com.', user: { ...aProfile, id: 7 } } };
    if (path === 'deactivate') {
      const body = jsonBody(init) as { current_password?: string };
      return body.current_password === 'Secret#123'
        ? { body: { message: 'Your account is deactivated. Sign in again whenever you want it back.' } }
        : { status: 422, body: { message: 'The current password is incorrect.', errors: { current_password: ['The current password is incorrect.'] } } };
    }
    return undefined;
  });
}
const callsTo = (fetchMock: ReturnType<typeof api>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith(`/${path}`)).map(([, init]) => jsonBody(init as RequestInit));

describe('Settings: the account’s life', () => {
  it('asks NO / YES, then the password, before deactivating, and starts afresh at home with the server’s message', async () => {
    signIn(7);
    const fetchMock = api();
    const assign = vi.spyOn(leave, 'to').mockImplementation(() => undefined);
    renderApp('/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Deactivate Account/ }, { timeout: 3000 }));
    const ask = screen.getByRole('alertdialog', { name: 'Are you sure to Deactivate your account' });
    await user.click(within(ask).getByRole('button', { name: 'NO' }));
    expect(callsTo(fetchMock, 'deactivate')).toEqual([]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Deactivate Account/ }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'YES' }));
    const confirm = screen.getByRole('dialog', { name: 'Deactivate your account' });
    await user.type(within(confirm).getByLabelText('Current password'), 'Wrong#123');
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await within(confirm).findByText('The current password is incorrect.')).toBeInTheDocument();
    await user.clear(within(confirm).getByLabelText('Current password'));
    await user.type(within(confirm).getByLabelText('Current password'), 'Secret#123');
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(homeWithMessage('Your account is deactivated. Sign in again whenever you want it back.')));
    vi.unstubAllGlobals();
    expect(callsTo(fetchMock, 'deactivate')).toEqual([
      { user_id: 7, current_password: 'Wrong#123' },
      { user_id: 7, current_password: 'Secret#123' },
    ]);
  });

  it('asks for a new email address with the current password, and lists blocked people with Unblock', async () => {
    signIn(7);
    const fetchMock = api();
    renderApp('/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Change email/i }, { timeout: 3000 }));
    const email = screen.getByRole('dialog', { name: 'Email' });
    await user.type(within(email).getByLabelText('New email'), 'new@example.com');
    expect(within(email).getByRole('button', { name: 'SAVE' })).toBeDisabled();
    await user.type(within(email).getByLabelText('Current password'), 'Secret#123');
    await user.click(within(email).getByRole('button', { name: 'SAVE' }));
    await waitFor(() => expect(callsTo(fetchMock, 'update-profile')).toEqual([{ id: 7, email: 'new@example.com', current_password: 'Secret#123' }]));
    expect(await screen.findByText('We sent a link to new@example.com.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Change blocked users/i }));
    const blocked = screen.getByRole('dialog', { name: 'Blocked Users' });
    expect(await within(blocked).findByText('Loud Lex')).toBeInTheDocument();
    // Accounts of other servers, apart, by name and handle.
    const elsewhere = within(blocked).getByRole('region', { name: 'On other servers' });
    expect(elsewhere).toHaveTextContent('Far Troll@troll@far.example');
    await user.click(within(blocked).getAllByRole('button', { name: 'Unblock' })[0]!);
    await waitFor(() => expect(callsTo(fetchMock, 'block')).toEqual([{ user_id: 7, block_id: 9, status: 0 }]));
    await waitFor(() => expect(within(blocked).queryByText('Loud Lex')).not.toBeInTheDocument());
    await user.click(within(elsewhere).getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(callsTo(fetchMock, 'fediverse-blocks/set')).toEqual([{ user_id: 7, account_id: 31, status: 0 }]));
    expect(await within(blocked).findByText('You have not blocked anyone.')).toBeInTheDocument();
  });
});
