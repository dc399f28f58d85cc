import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_IMAGE, FEDIVERSE_BLOCKED, FOLLOWER_REMOVED, encodeId, paths } from '@inkwell/contract';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { aPage, mockIntersectionObserver, signIn, aListPerson } from '../../test/posts';

const grace = { id: 20, name: 'Grace Hopper', username: 'grace', bio: null, profile_picture: null, post_count: 0 };
const person = aListPerson;

const openList = async (name: RegExp) => {
  await userEvent.setup().click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog');
};
const row = (dialog: HTMLElement, name: string) => within(dialog).getByText(name).closest<HTMLElement>('[data-testid="follow-list-person"]')!;

const lin = person(40, 'Lin', {
  elsewhere: { handle: '@lin@mastodon.example', icon_url: 'https://mastodon.example/avatars/lin.png', profile_url: 'https://mastodon.example/@lin', url: null },
});
// Nameless, a picture over plain http (not loaded), no profile page there.
const quiet = person(41, null, { elsewhere: { handle: '@quiet@far.example', icon_url: 'http://far.example/quiet.png', profile_url: null, url: null } });

/**
 * Ada (7, on the fediverse) is followed by Linus (30), a member, and by Lin (40) and @quiet@far.example
 * (41), accounts elsewhere; so is Grace (20), who follows Lin. Removing or blocking a follower takes
 * them off Ada's list and her count.
 */
function mixedApi() {
  let adaFollowers = [person(30, 'Linus'), lin, quiet];
  const calls: Array<{ path: string; body: unknown }> = [];
  const fetchMock = mockApi((path, init) => {
    calls.push({ path, body: init.body ? jsonBody(init) : undefined });
    if (path === 'get-profile-data') {
      const { id } = jsonBody(init) as { id: number };
      const fediverse_handle = `@${id === 7 ? 'ada' : 'grace'}@inkwell.example`;
      if (id === 20) return { body: { data: { ...grace, followers_count: 3, following_count: 1, fediverse_handle } } };
      if (id === 7) return { body: { data: { ...aProfile, followers_count: adaFollowers.length, following_count: 1, fediverse_handle } } };
    }
    if (path === 'profile') return { body: { user: aProfile } };
    if (path === 'author-posts') return { body: aPage([]) };
    if (path === 'blocked-users') return { body: { data: [] } };
    if (path === 'followers') {
      const { profile_id } = jsonBody(init) as { profile_id: number };
      return { body: { data: profile_id === 7 ? adaFollowers : [person(30, 'Linus'), lin, quiet], next_page_url: null } };
    }
    if (path === 'following') return { body: { data: [{ ...lin, is_following: true }], next_page_url: null } };
    if (path === 'followers/remove' || path === 'block') {
      const { follower_id, block_id } = jsonBody(init) as { follower_id?: number; block_id?: number };
      adaFollowers = adaFollowers.filter((p) => p.id !== (follower_id ?? block_id));
      return { body: path === 'block' ? { message: FEDIVERSE_BLOCKED, is_blocked: true } : { message: FOLLOWER_REMOVED } };
    }
    if (path === 'follow-unfollow') {
      const { followType } = jsonBody(init) as { followType: number };
      return { body: { message: 'Asked.', is_following: followType === 1, followers_count: 1, pending: followType === 1 } };
    }
    return undefined;
  });
  return { fetchMock, calls };
}

describe('Followers and following elsewhere, in the same lists', () => {
  it('lists members and accounts elsewhere together: the handle, their picture there over https only, their profile here', async () => {
    mockIntersectionObserver();
    signIn(7);
    mixedApi();
    renderApp(`/view-profile/${encodeId(20)}`);
    const dialog = await openList(/^3 followers$/);
    expect(await within(dialog).findByText('Lin')).toBeInTheDocument();
    expect(within(dialog).getAllByTestId('follow-list-person')).toHaveLength(3);
    // The member: their profile here.
    expect(within(row(dialog, 'Linus')).getByRole('link')).toHaveAttribute('href', paths.viewProfile.getHref(30));
    // Lin: her name, her handle under it, her picture there, her profile here (ADR 0085; the way to her server is there).
    const linRow = row(dialog, 'Lin');
    expect(within(linRow).getByTestId('elsewhere-handle')).toHaveTextContent('@lin@mastodon.example');
    expect(linRow.querySelector('img')).toHaveAttribute('src', 'https://mastodon.example/avatars/lin.png');
    const here = within(linRow).getByRole('link');
    expect(here).toHaveAttribute('href', paths.viewProfile.getHref(40));
    expect(here).not.toHaveAttribute('target');
    expect(here).toHaveAccessibleName('Lin @lin@mastodon.example');
    // Nameless: the handle as the name, once; a picture not over https is not loaded; its profile here all the same.
    const quietRow = row(dialog, '@quiet@far.example');
    expect(within(quietRow).getAllByText('@quiet@far.example')).toHaveLength(1);
    expect(quietRow.querySelector('img')).toHaveAttribute('src', DEFAULT_USER_IMAGE);
    expect(within(quietRow).getByRole('link')).toHaveAttribute('href', paths.viewProfile.getHref(41));
    expect(within(quietRow).getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    // Somebody else's list: no Remove, no form.
    expect(within(dialog).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('follows an account elsewhere from a row as a member: Requested until its server says yes, pressed again it takes the ask back', async () => {
    mockIntersectionObserver();
    signIn(7);
    const { calls } = mixedApi();
    renderApp(`/view-profile/${encodeId(20)}`);
    const dialog = await openList(/^3 followers$/);
    const user = userEvent.setup();
    await user.click(within(row(await within(dialog).findByText('Lin'), 'Lin')).getByRole('button', { name: 'Follow' }));
    expect(await within(row(dialog, 'Lin')).findByRole('button', { name: 'Requested' })).toBeInTheDocument();
    await user.click(within(row(dialog, 'Lin')).getByRole('button', { name: 'Requested' }));
    expect(await within(row(dialog, 'Lin')).findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'follow-unfollow').map((c) => c.body)).toEqual([
      { user_id: 7, follow_id: 40, followType: 1 },
      { user_id: 7, follow_id: 40, followType: 0 },
    ]);
  });

  it('shows Requested for a row of one’s own Following whose server has not said yes yet', async () => {
    mockIntersectionObserver();
    signIn(7);
    mockApi((path) => {
      if (path === 'get-profile-data') return { body: { data: { ...aProfile, following_count: 2 } } };
      if (path === 'profile') return { body: { user: aProfile } };
      if (path === 'author-posts') return { body: aPage([]) };
      if (path === 'following')
        return {
          body: {
            data: [
              { ...lin, is_following: true, pending: true },
              { ...quiet, is_following: true },
            ],
            next_page_url: null,
          },
        };
      return undefined;
    });
    renderApp('/profile');
    const dialog = await openList(/^2 following$/);
    expect(await within(dialog).findByRole('button', { name: 'Requested' })).toBeInTheDocument();
    expect(within(row(dialog, 'Lin')).getByRole('button', { name: 'Requested' })).toBeInTheDocument();
    expect(within(row(dialog, '@quiet@far.example')).getByRole('button', { name: 'Following' })).toBeInTheDocument();
    // Not on the fediverse: no form to follow an account there.
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('lets a member remove a follower, a member or an account elsewhere, from their own list, asking once more in the row', async () => {
    mockIntersectionObserver();
    signIn(7);
    const { calls } = mixedApi();
    renderApp('/profile');
    const dialog = await openList(/^3 followers$/);
    expect(dialog).toHaveAccessibleName('Your followers');
    const user = userEvent.setup();
    expect(await within(dialog).findByRole('button', { name: 'Remove Linus' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Remove @quiet@far.example' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Lin' }));
    const asked = within(dialog).getByRole('group', { name: 'Remove Lin?' });
    await user.click(within(asked).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(FOLLOWER_REMOVED)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'followers/remove').map((c) => c.body)).toEqual([{ user_id: 7, follower_id: 40 }]);
    // The list and the count are read again.
    await waitFor(() => expect(within(dialog).queryByText('Lin')).not.toBeInTheDocument());
    expect(within(dialog).getAllByTestId('follow-list-person')).toHaveLength(2);
    await waitFor(() => expect(screen.getByTestId('profile-counts')).toHaveTextContent('2 followers'));

    await user.click(within(dialog).getByRole('button', { name: 'Remove Linus' }));
    await user.click(within(within(dialog).getByRole('group', { name: 'Remove Linus?' })).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).getByRole('button', { name: 'Remove Linus' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'followers/remove')).toHaveLength(1);
  });

  it('lets a member block a follower from the same question, and reads the list again', async () => {
    mockIntersectionObserver();
    signIn(7);
    const { calls } = mixedApi();
    renderApp('/profile');
    const dialog = await openList(/^3 followers$/);
    const user = userEvent.setup();
    await user.click(await within(dialog).findByRole('button', { name: 'Remove Lin' }));
    await user.click(within(within(dialog).getByRole('group', { name: 'Remove Lin?' })).getByRole('button', { name: 'Block Lin' }));
    expect(await screen.findByText(FEDIVERSE_BLOCKED)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'block').map((c) => c.body)).toEqual([{ user_id: 7, block_id: 40, status: 1 }]);
    await waitFor(() => expect(within(dialog).queryByText('Lin')).not.toBeInTheDocument());
  });

  it('offers no Remove and no form on another member’s lists', async () => {
    mockIntersectionObserver();
    signIn(7);
    mixedApi();
    renderApp(`/view-profile/${encodeId(20)}`);
    const dialog = await openList(/^1 following$/);
    expect(dialog).toHaveAccessibleName('Grace Hopper follows');
    await within(dialog).findByText('Lin');
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });
});
