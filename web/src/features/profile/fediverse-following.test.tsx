import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { aPage, signIn } from '../../test/posts';

const NOT_FOUND = 'We could not find that account. Check the handle and try again.';
const NO_USERNAME = 'Choose a username in Settings first: it is how the fediverse knows you.';
const ASKED = 'Asked to follow @lin@mastodon.example: you follow them once their server says yes.';

type Followed = { account_id: number; handle: string; name: string | null; url: string | null; state: 'pending' | 'accepted' };
const lin = { id: 61, name: 'Lin', handle: '@lin@mastodon.example', icon_url: null, profile_url: 'https://mastodon.example/@lin', is_following: false, pending: false };

/** Ada (7), with a fediverse handle, on her own profile: she follows @quiet@far.example (60) elsewhere. */
function api() {
  let following: Followed[] = [{ account_id: 60, handle: '@quiet@far.example', name: null, url: null, state: 'accepted' }];
  return mockApi((path, init) => {
    if (path === 'profile') return { body: { user: aProfile } };
    if (path === 'get-profile-data') return { body: { data: { ...aProfile, fediverse_handle: '@ada@inkwell.example', fediverse_followers_count: null } } };
    if (path === 'author-posts' || path === 'saved-posts') return { body: aPage([]) };
    if (path === 'blocked-users') return { body: { data: [] } };
    if (path === 'fediverse-following') return { body: { data: following } };
    if (path === 'fediverse-accounts/lookup') {
      const { account } = jsonBody(init) as { account: string };
      if (account === '@lin@mastodon.example') return { body: { account: lin } };
      if (account === '@bo@two.example') return { body: { account: { ...lin, id: 62, name: 'Bo', handle: '@bo@two.example' } } };
      return { status: 422, body: { message: 'The given data was invalid.', errors: { account: [NOT_FOUND] } } };
    }
    if (path === 'follow-unfollow') {
      const { follow_id, followType } = jsonBody(init) as { follow_id: number; followType: number };
      if (follow_id === 62) return { status: 422, body: { message: 'The given data was invalid.', errors: { follow_id: [NO_USERNAME] } } };
      if (followType === 0) {
        following = following.filter((row) => row.account_id !== follow_id);
        return { body: { message: 'You unfollowed @quiet@far.example.', is_following: false, followers_count: 0 } };
      }
      following = [{ account_id: 61, handle: lin.handle, name: 'Lin', url: lin.profile_url, state: 'pending' }, ...following];
      return { body: { message: ASKED, is_following: true, followers_count: 1, pending: true } };
    }
    return undefined;
  });
}

/** The calls of the follow, in order: [path, body]. */
function followCalls(fetchMock: ReturnType<typeof api>) {
  return fetchMock.mock.calls
    .filter(([url]) => /\/(fediverse-accounts\/lookup|follow-unfollow)$/.test(String(url)))
    .map(([url, init]) => [String(url).replace(/^\/api\/user\//, ''), jsonBody(init as RequestInit)]);
}

async function openDialog() {
  signIn(7);
  const fetchMock = api();
  renderApp('/profile');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Following on the fediverse' }));
  const dialog = await screen.findByRole('dialog', { name: 'Following on the fediverse' });
  expect(await within(dialog).findByText('@quiet@far.example')).toBeInTheDocument();
  const field = within(dialog).getByLabelText('Follow an account on Mastodon or elsewhere');
  return { fetchMock, user, dialog, field };
}

describe('Following on the fediverse', () => {
  it('looks the handle up, follows the account found with the ordinary follow, says so and lists it as Requested', async () => {
    const { fetchMock, user, dialog, field } = await openDialog();
    await user.type(field, '  @lin@mastodon.example ');
    await user.click(within(dialog).getByRole('button', { name: 'Follow' }));
    expect(await screen.findByText(ASKED)).toBeInTheDocument();
    const rows = await within(dialog).findAllByTestId('fediverse-followed');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('LinRequested · @lin@mastodon.example');
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', 'https://mastodon.example/@lin');
    expect(field).toHaveValue('');
    expect(followCalls(fetchMock)).toEqual([
      ['fediverse-accounts/lookup', { user_id: 7, account: '@lin@mastodon.example' }],
      ['follow-unfollow', { user_id: 7, follow_id: 61, followType: 1 }],
    ]);
  });

  it('shows a refused lookup under the field and asks no follow', async () => {
    const { fetchMock, user, dialog, field } = await openDialog();
    await user.type(field, '@nobody@far.example');
    await user.click(within(dialog).getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(NOT_FOUND)));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('@nobody@far.example');
    expect(followCalls(fetchMock)).toEqual([['fediverse-accounts/lookup', { user_id: 7, account: '@nobody@far.example' }]]);
    expect(within(dialog).getAllByTestId('fediverse-followed')).toHaveLength(1);
  });

  it('shows a refused follow (errors.follow_id) under the field', async () => {
    const { fetchMock, user, dialog, field } = await openDialog();
    await user.type(field, '@bo@two.example');
    await user.click(within(dialog).getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(NO_USERNAME)));
    expect(followCalls(fetchMock)).toEqual([
      ['fediverse-accounts/lookup', { user_id: 7, account: '@bo@two.example' }],
      ['follow-unfollow', { user_id: 7, follow_id: 62, followType: 1 }],
    ]);
  });

  it('unfollows a row with the ordinary follow call, followType 0', async () => {
    const { fetchMock, user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Unfollow @quiet@far.example' }));
    expect(await screen.findByText('You unfollowed @quiet@far.example.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryAllByTestId('fediverse-followed')).toHaveLength(0));
    expect(within(dialog).getByText('You follow no one on the fediverse yet.')).toBeInTheDocument();
    expect(followCalls(fetchMock)).toEqual([['follow-unfollow', { user_id: 7, follow_id: 60, followType: 0 }]]);
  });
});
