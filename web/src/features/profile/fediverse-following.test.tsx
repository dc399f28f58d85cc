import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { paths, type FollowListPerson } from '@inkwell/contract';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { aListPerson, aPage, mockIntersectionObserver, signIn } from '../../test/posts';
import { PENDING_REFRESH_MS } from './api/follow-lists';

const NOT_FOUND = 'We could not find that account. Check the handle and try again.';
const NO_USERNAME = 'Choose a username in Settings first: it is how the fediverse knows you.';
const ASKED = 'Asked to follow @lin@mastodon.example: you follow them once their server says yes.';
const FIELD = 'Follow an account on Mastodon or elsewhere';

const lin = { id: 61, name: 'Lin', handle: '@lin@mastodon.example', icon_url: null, profile_url: 'https://mastodon.example/@lin', is_following: false, pending: false };
/** An account elsewhere as the ordinary following list holds it. */
const followed = (id: number, name: string | null, handle: string, more: Partial<FollowListPerson> = {}): FollowListPerson =>
  aListPerson(id, name, { is_following: true, elsewhere: { handle, icon_url: null, profile_url: null, url: null }, ...more });

/**
 * Ada (7), with a fediverse handle or not, on her own profile: she follows @quiet@far.example (60)
 * elsewhere. `accept()` has Lin's server say yes to a follow asked.
 */
function api({ federates = true } = {}) {
  let following: FollowListPerson[] = [followed(60, null, '@quiet@far.example')];
  const fetchMock = mockApi((path, init) => {
    if (path === 'profile') return { body: { user: aProfile } };
    if (path === 'get-profile-data') return { body: { data: { ...aProfile, following_count: following.length, fediverse_handle: federates ? '@ada@inkwell.example' : null } } };
    if (path === 'author-posts' || path === 'saved-posts') return { body: aPage([]) };
    if (path === 'blocked-users') return { body: { data: [] } };
    if (path === 'following') return { body: { data: following, next_page_url: null } };
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
        following = following.filter((row) => row.id !== follow_id);
        return { body: { message: 'You unfollowed them.', is_following: false, followers_count: 0 } };
      }
      following = [followed(61, 'Lin', lin.handle, { pending: true, elsewhere: { handle: lin.handle, icon_url: null, profile_url: lin.profile_url, url: null } }), ...following];
      return { body: { message: ASKED, is_following: true, followers_count: 1, pending: true } };
    }
    return undefined;
  });
  const accept = () => {
    following = following.map((row) => ({ ...row, pending: false }));
  };
  return { fetchMock, accept };
}

/** The calls of the follow, in order: [path, body]. */
function followCalls(fetchMock: ReturnType<typeof api>['fetchMock']) {
  return fetchMock.mock.calls
    .filter(([url]) => /\/(fediverse-accounts\/lookup|follow-unfollow)$/.test(String(url)))
    .map(([url, init]) => [String(url).replace(/^\/api\/user\//, ''), jsonBody(init as RequestInit)]);
}

const readsOfFollowing = (fetchMock: ReturnType<typeof api>['fetchMock']) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/following')).length;
const row = (dialog: HTMLElement, text: string) => within(dialog).getByText(text).closest<HTMLElement>('[data-testid="follow-list-person"]')!;

async function openDialog(options?: { federates?: boolean }) {
  mockIntersectionObserver();
  signIn(7);
  const mocked = api(options);
  renderApp('/profile');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: '1 following' }));
  const dialog = await screen.findByRole('dialog', { name: 'You follow' });
  expect(await within(dialog).findByText('@quiet@far.example')).toBeInTheDocument();
  return { ...mocked, user, dialog };
}

describe('Following an account elsewhere, from one’s own Following list', () => {
  it('looks the handle up, follows the account found with the ordinary follow, says so and lists it as Requested', async () => {
    const { fetchMock, user, dialog } = await openDialog();
    const field = within(dialog).getByRole('textbox', { name: FIELD });
    await user.type(field, '  @lin@mastodon.example ');
    await user.click(within(dialog).getByRole('button', { name: 'Follow' }));
    expect(await screen.findByText(ASKED)).toBeInTheDocument();
    expect(await within(dialog).findByText('Requested')).toBeInTheDocument();
    const rows = within(dialog).getAllByTestId('follow-list-person');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Lin');
    expect(within(rows[0]!).getByRole('button', { name: 'Requested' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', paths.viewProfile.getHref(61));
    expect(within(rows[1]!).getByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(followCalls(fetchMock)).toEqual([
      ['fediverse-accounts/lookup', { user_id: 7, account: '@lin@mastodon.example' }],
      ['follow-unfollow', { user_id: 7, follow_id: 61, followType: 1 }],
    ]);
  });

  it('reads the list again every few seconds while a follow waits, and shows Following once the server said yes', async () => {
    const { fetchMock, accept, user, dialog } = await openDialog();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.type(within(dialog).getByRole('textbox', { name: FIELD }), '@lin@mastodon.example');
    await user.click(within(dialog).getByRole('button', { name: 'Follow' }));
    expect(await within(row(dialog, 'Lin')).findByRole('button', { name: 'Requested' })).toBeInTheDocument();
    const before = readsOfFollowing(fetchMock);
    accept();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PENDING_REFRESH_MS);
    });
    await waitFor(() => expect(readsOfFollowing(fetchMock)).toBeGreaterThan(before));
    expect(await within(row(dialog, 'Lin')).findByRole('button', { name: 'Following' })).toBeInTheDocument();
    // Nothing waits any more: the list is left alone.
    const after = readsOfFollowing(fetchMock);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PENDING_REFRESH_MS * 2);
    });
    expect(readsOfFollowing(fetchMock)).toBe(after);
  });

  it('takes a follow asked back when Requested is pressed (the ordinary follow call, followType 0)', async () => {
    const { fetchMock, user, dialog } = await openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: FIELD }), '@lin@mastodon.example');
    await user.click(within(dialog).getByRole('button', { name: 'Follow' }));
    await user.click(await within(row(dialog, 'Lin')).findByRole('button', { name: 'Requested' }));
    expect(await within(row(dialog, 'Lin')).findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(followCalls(fetchMock).at(-1)).toEqual(['follow-unfollow', { user_id: 7, follow_id: 61, followType: 0 }]);
  });

  it('shows a refused lookup under the field and asks no follow', async () => {
    const { fetchMock, user, dialog } = await openDialog();
    const field = within(dialog).getByRole('textbox', { name: FIELD });
    await user.type(field, '@nobody@far.example');
    await user.click(within(dialog).getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(NOT_FOUND)));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('@nobody@far.example');
    expect(followCalls(fetchMock)).toEqual([['fediverse-accounts/lookup', { user_id: 7, account: '@nobody@far.example' }]]);
    expect(within(dialog).getAllByTestId('follow-list-person')).toHaveLength(1);
  });

  it('shows a refused follow (errors.follow_id) under the field', async () => {
    const { fetchMock, user, dialog } = await openDialog();
    const field = within(dialog).getByRole('textbox', { name: FIELD });
    await user.type(field, '@bo@two.example');
    await user.click(within(dialog).getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(NO_USERNAME)));
    expect(followCalls(fetchMock)).toEqual([
      ['fediverse-accounts/lookup', { user_id: 7, account: '@bo@two.example' }],
      ['follow-unfollow', { user_id: 7, follow_id: 62, followType: 1 }],
    ]);
  });

  it('unfollows an account elsewhere with the row’s Following, the ordinary follow call, followType 0', async () => {
    const { fetchMock, user, dialog } = await openDialog();
    await user.click(within(row(dialog, '@quiet@far.example')).getByRole('button', { name: 'Following' }));
    expect(await within(row(dialog, '@quiet@far.example')).findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(followCalls(fetchMock)).toEqual([['follow-unfollow', { user_id: 7, follow_id: 60, followType: 0 }]]);
  });

  it('offers no form to a member who is not on the fediverse', async () => {
    const { dialog } = await openDialog({ federates: false });
    expect(within(dialog).queryByRole('textbox', { name: FIELD })).not.toBeInTheDocument();
  });
});
