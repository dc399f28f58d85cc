import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEXT } from '@inkwell/contract';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { signIn } from '../../test/posts';

function api(options: { refuse?: { status: number; body: object } } = {}) {
  let user = { ...aProfile, id: 7, name: 'Ada', username: 'ada', bio: null as string | null };
  return mockApi((path, init) => {
    if (path === 'profile') return { body: { user } };
    if (path === 'update-profile') {
      if (options.refuse) return options.refuse;
      const { id: _id, current_password: _c, new_password: _n, new_password_confirmation: _nc, ...changes } = jsonBody(init) as Record<string, unknown>;
      user = { ...user, ...changes };
      return { body: { message: 'Profile updated successfully.', user } };
    }
    return undefined;
  });
}
const calls = (fetchMock: ReturnType<typeof api>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/update-profile')).map(([, init]) => jsonBody(init as RequestInit));

describe('Settings', () => {
  it('changes the name and bio in the Profile popup with SAVE', async () => {
    signIn(7);
    const fetchMock = api();
    renderApp('/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Change profile/i }, { timeout: 3000 }));
    const dialog = screen.getByRole('dialog', { name: 'Profile' });
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Ada Lovelace');
    await user.type(within(dialog).getByLabelText('Bio'), 'Engines.');
    await user.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(fetchMock)).toEqual([{ id: 7, name: 'Ada Lovelace', bio: 'Engines.' }]);
    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Change profile/i })).toHaveTextContent('Ada Lovelace');
  });

  it("blocks a password change whose confirmation differs, showing 'Passwords do not match.'", async () => {
    signIn(7);
    const fetchMock = api();
    renderApp('/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Change password/i }, { timeout: 3000 }));
    const dialog = screen.getByRole('dialog', { name: 'Password' });
    await user.type(within(dialog).getByLabelText('Current password'), 'Secret#123');
    await user.type(within(dialog).getByLabelText('New password'), 'N3w#secret9');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'N3w#secret8');
    expect(within(dialog).getByText(TEXT.passwordMismatchSettings)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'SAVE' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(calls(fetchMock)).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Confirm new password'));
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'N3w#secret9');
    expect(within(dialog).queryByText(TEXT.passwordMismatchSettings)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    await waitFor(() => expect(calls(fetchMock)).toEqual([{ id: 7, current_password: 'Secret#123', new_password: 'N3w#secret9', new_password_confirmation: 'N3w#secret9' }]));
  });

  it("shows the server's field message and keeps the popup open when it refuses", async () => {
    signIn(7);
    api({ refuse: { status: 422, body: { message: 'The username has already been taken.', errors: { username: ['The username has already been taken.'] } } } });
    renderApp('/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Change user name/i }, { timeout: 3000 }));
    const dialog = screen.getByRole('dialog', { name: 'User name' });
    await user.clear(within(dialog).getByLabelText('User name'));
    await user.type(within(dialog).getByLabelText('User name'), 'grace');
    await user.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    expect(await within(dialog).findByText('The username has already been taken.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'User name' })).toBeInTheDocument();
  });

  it('saves each notification checkbox at once on the Notification tab', async () => {
    signIn(7);
    const fetchMock = api();
    renderApp('/settings?tab=notification');
    const likes = await screen.findByRole('checkbox', { name: /^Likes/ }, { timeout: 3000 });
    expect(likes).toBeChecked();
    await userEvent.setup().click(likes);
    expect(likes).not.toBeChecked();
    await waitFor(() => expect(calls(fetchMock)).toEqual([{ id: 7, notify_like: false }]));
    expect(screen.getByRole('checkbox', { name: /^Follows/ })).toBeChecked();
  });

  it('has a fifth checkbox for new stories by people one follows, off until ticked, saved at once', async () => {
    signIn(7);
    const fetchMock = api();
    renderApp('/settings?tab=notification');
    await screen.findByRole('checkbox', { name: /^Likes/ }, { timeout: 3000 });
    expect(screen.getAllByRole('checkbox').map((box) => box.closest('label')?.querySelector('.font-semibold')?.textContent)).toEqual([
      'Likes',
      'Comments',
      'Follows',
      'Help',
      'Stories',
    ]);
    const stories = screen.getByRole('checkbox', { name: /^Stories/ });
    expect(stories).toHaveAccessibleName(/When someone you follow publishes a story/);
    expect(stories).not.toBeChecked();
    await userEvent.setup().click(stories);
    expect(stories).toBeChecked();
    await waitFor(() => expect(calls(fetchMock)).toEqual([{ id: 7, notify_post: true }]));
    expect(screen.getByRole('checkbox', { name: /^Stories/ })).toBeChecked();
  });
});
