import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { encodeId, paths } from '@inkwell/contract';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { aPage, mockIntersectionObserver, signIn, aListPerson } from '../../test/posts';

const grace = { id: 20, name: 'Grace Hopper', username: 'grace', bio: null, profile_picture: null, post_count: 0, followers_count: 3, following_count: 1 };
const person = aListPerson;
const NEXT = '/api/user/followers?cursor=2024-01-01T00%3A00%3A05.000Z%7C31';

/** Grace (20) is followed by Linus (30), Barbara (31, whom Ada follows) and Ada (7); the second page holds Alan (32). */
function api() {
  const state = { adaFollowing: 1 };
  const calls: Array<{ path: string; body: unknown }> = [];
  const fetchMock = mockApi((path, init) => {
    calls.push({ path, body: init.body ? jsonBody(init) : undefined });
    if (path === 'get-profile-data') {
      const { id } = jsonBody(init) as { id: number };
      if (id === 20) return { body: { data: grace } };
      if (id === 7) return { body: { data: { ...aProfile, following_count: state.adaFollowing } } };
    }
    if (path === 'profile') return { body: { user: { ...aProfile, following_count: state.adaFollowing } } };
    if (path === 'author-posts') return { body: aPage([]) };
    if (path === 'followers') {
      return {
        body: {
          data: [person(30, 'Linus', { bio: 'Kernels' }), person(31, 'Barbara', { is_following: true, username: 'barbara' }), person(7, 'Ada')],
          next_page_url: NEXT,
        },
      };
    }
    if (path.startsWith('followers?cursor=')) return { body: { data: [person(32, 'Alan')], next_page_url: null } };
    if (path === 'following') return { body: { data: [person(31, 'Barbara', { is_following: true })], next_page_url: null } };
    if (path === 'follow-unfollow') {
      const { followType } = jsonBody(init) as { followType: number };
      state.adaFollowing += followType === 1 ? 1 : -1;
      return { body: { message: 'ok', is_following: followType === 1, followers_count: 1 } };
    }
    return undefined;
  });
  return { fetchMock, calls, state };
}

const openList = async (name: RegExp) => {
  await userEvent.setup().click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog');
};
const row = (dialog: HTMLElement, name: string) => within(dialog).getByText(name).closest<HTMLElement>('[data-testid="follow-list-person"]')!;

describe('Followers and following lists', () => {
  it('opens a member’s followers from the count: each row links to the person, with Follow / Following as the list says', async () => {
    mockIntersectionObserver();
    signIn(7);
    const { calls } = api();
    renderApp(`/view-profile/${encodeId(20)}`);
    const dialog = await openList(/^3 followers$/);
    expect(dialog).toHaveAccessibleName('Grace Hopper’s followers');
    expect(await within(dialog).findByText('Linus')).toBeInTheDocument();
    expect(within(dialog).getByText('Kernels')).toBeInTheDocument();
    expect(within(dialog).getByText('@barbara')).toBeInTheDocument();
    expect(within(row(dialog, 'Linus')).getByRole('link')).toHaveAttribute('href', paths.viewProfile.getHref(30));
    expect(within(row(dialog, 'Linus')).getByRole('button', { name: 'Follow' })).toBeEnabled();
    expect(within(row(dialog, 'Barbara')).getByRole('button', { name: 'Following' })).toBeEnabled();
    expect(within(row(dialog, 'Ada')).queryByRole('button')).not.toBeInTheDocument(); // not on oneself
    expect(calls.find((c) => c.path === 'followers')?.body).toEqual({ profile_id: 20, user_id: 7 });
    // The list said it: no is-following call per person.
    expect(calls.filter((c) => c.path === 'is-following' && (c.body as { follow_id: number }).follow_id !== 20)).toEqual([]);

    const user = userEvent.setup();
    await user.click(within(row(dialog, 'Linus')).getByRole('button', { name: 'Follow' }));
    expect(await within(row(dialog, 'Linus')).findByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'follow-unfollow')?.body).toEqual({ user_id: 7, follow_id: 30, followType: 1 });

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('loads the next page when the end of the list shows, sending the same body to next_page_url', async () => {
    const io = mockIntersectionObserver();
    const { fetchMock } = api();
    renderApp(`/view-profile/${encodeId(20)}`);
    const dialog = await openList(/^3 followers$/);
    await within(dialog).findByText('Linus');
    await act(async () => io.reveal(within(dialog).getByTestId('sentinel')));
    expect(await within(dialog).findByText('Alan')).toBeInTheDocument();
    const next = fetchMock.mock.calls.find(([url]) => String(url) === NEXT);
    expect(jsonBody(next![1] as RequestInit)).toEqual({ profile_id: 20 });
    expect(within(dialog).queryByTestId('sentinel')).not.toBeInTheDocument();
    expect(within(dialog).getAllByTestId('follow-list-person')).toHaveLength(4);
  });

  it('sends a visitor who presses Follow in the list to sign in', async () => {
    mockIntersectionObserver();
    api();
    const { router } = renderApp(`/view-profile/${encodeId(20)}`);
    const dialog = await openList(/^3 followers$/);
    await within(dialog).findByText('Linus');
    await userEvent.setup().click(within(row(dialog, 'Linus')).getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('on one’s own profile, unfollowing from Following changes the count shown', async () => {
    mockIntersectionObserver();
    signIn(7);
    api();
    renderApp('/profile');
    const counts = await screen.findByTestId('profile-counts');
    await waitFor(() => expect(counts).toHaveTextContent('1 following'));
    const dialog = await openList(/^1 following$/);
    expect(dialog).toHaveAccessibleName('You follow');
    await userEvent.setup().click(await within(dialog).findByRole('button', { name: 'Following' }));
    expect(await within(dialog).findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    await waitFor(() => expect(counts).toHaveTextContent('0 following'));
    // The row stays where it was (the open list is not reloaded by the follow).
    expect(within(dialog).getByText('Barbara')).toBeInTheDocument();
  });
});
