import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FEDIVERSE_UNBLOCKED, type WrittenElsewhere } from '@inkwell/contract';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { signIn } from '../../test/posts';
import { homeWithMessage } from './api/account';
import { leave } from '../../lib/leave';

type BlockedRow = { id: number; name: string | null; profile_picture: string | null; elsewhere?: WrittenElsewhere | null };

function api(initiallyBlocked: BlockedRow[] = [{ id: 9, name: 'Loud Lex', profile_picture: null, elsewhere: null }]) {
  let blocked = initiallyBlocked;
  return mockApi((path, init) => {
    if (path === 'profile') return { body: { user: { ...aProfile, id: 7, has_password: true } } };
    if (path === 'blocked-users') return { body: { data: blocked } };
    if (path === 'block') {
      const { block_id } = jsonBody(init) as { block_id: number };
      const elsewhere = blocked.some((b) => b.id === block_id && b.elsewhere);
      blocked = blocked.filter((b) => b.id !== block_id);
      return { body: { message: elsewhere ? FEDIVERSE_UNBLOCKED : 'You have unblocked this member.', is_blocked: false } };
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
    await user.click(within(blocked).getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(callsTo(fetchMock, 'block')).toEqual([{ user_id: 7, block_id: 9, status: 0 }]));
    expect(await within(blocked).findByText('You have not blocked anyone.')).toBeInTheDocument();
    expect(within(blocked).queryByText('Loud Lex')).not.toBeInTheDocument();
  });

  it('lists members and accounts elsewhere in one list, as the server orders them, and unblocks an account elsewhere with the ordinary block', async () => {
    signIn(7);
    const troll = { handle: '@troll@far.example', icon_url: 'https://far.example/troll.png', profile_url: 'https://far.example/@troll', url: null };
    const fetchMock = api([
      { id: 31, name: 'Far Troll', profile_picture: null, elsewhere: troll },
      { id: 9, name: 'Loud Lex', profile_picture: null, elsewhere: null },
    ]);
    renderApp('/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Change blocked users/i }, { timeout: 3000 }));
    const dialog = screen.getByRole('dialog', { name: 'Blocked Users' });
    await within(dialog).findByText('Loud Lex');
    expect(within(dialog).queryByRole('region')).toBeNull();
    const rows = within(within(dialog).getByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    // The account elsewhere: its picture there, its name and under it its handle; the member as before.
    expect(rows[0]).toHaveTextContent('Far Troll@troll@far.example');
    expect(within(rows[0]!).getByTestId('elsewhere-mark')).toHaveTextContent('@troll@far.example');
    expect(rows[0]!.querySelector('img')).toHaveAttribute('src', 'https://far.example/troll.png');
    expect(rows[1]).toHaveTextContent('Loud Lex');
    expect(within(rows[1]!).queryByTestId('elsewhere-mark')).toBeNull();

    await user.click(within(rows[0]!).getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(callsTo(fetchMock, 'block')).toEqual([{ user_id: 7, block_id: 31, status: 0 }]));
    expect(await screen.findByText(FEDIVERSE_UNBLOCKED)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByText('Far Troll')).not.toBeInTheDocument());
    expect(within(dialog).getByText('Loud Lex')).toBeInTheDocument();
  });
});
