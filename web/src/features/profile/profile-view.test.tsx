import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TEXT, encodeId } from '@inkwell/contract';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { aPage, aPost, mockIntersectionObserver, signIn } from '../../test/posts';
import { leave } from '../../lib/leave';

const grace = {
  id: 20,
  name: 'Grace Hopper',
  username: 'grace',
  bio: 'Compilers, nanoseconds and\nship-shape software.',
  profile_picture: null,
  post_count: 2,
  followers_count: 1,
  following_count: 3,
};

function api(options: { saved?: boolean; handle?: string } = {}) {
  let blocked: Array<{ id: number; name: string; profile_picture: null }> = [];
  return mockApi((path, init) => {
    if (path === 'get-profile-data') {
      const { id } = jsonBody(init) as { id: number };
      if (id === 20) return { body: { data: { ...grace, fediverse_handle: options.handle ?? null } } };
      if (id === 7) return { body: { data: { ...grace, id: 7, name: 'Ada', username: 'ada', bio: null, fediverse_handle: options.handle ?? null } } };
      return { status: 404, body: { message: 'User not found.' } };
    }
    if (path === 'profile') return { body: { user: aProfile } };
    if (path === 'author-posts') {
      const { author_id } = jsonBody(init) as { author_id: number };
      return {
        body: aPage(author_id === 20 ? [aPost({ id: 1, title: 'On compilers' }), aPost({ id: 2, title: 'Nanoseconds' })] : [aPost({ id: 3, title: 'Ada writes', user_id: 7 })]),
      };
    }
    if (path === 'saved-posts') return { body: aPage(options.saved ? [aPost({ id: 9, title: 'A saved story' })] : []) };
    if (path === 'is-following') return { body: { message: 'ok', is_following: false, followers_count: 1 } };
    if (path === 'blocked-users') return { body: { data: blocked } };
    if (path === 'remote-follow') {
      const { handle } = jsonBody(init) as { handle: string };
      if (handle === '@me@quiet.example')
        return { status: 422, body: { message: 'The given data was invalid.', errors: { handle: ['Your server does not offer following from another site.'] } } };
      return { body: { url: 'https://mastodon.example/authorize_interaction?uri=grace%40inkwell.example' } };
    }
    if (path === 'block') {
      const { block_id, status } = jsonBody(init) as { block_id: number; status: number };
      blocked = status === 1 ? [{ id: block_id, name: 'Grace Hopper', profile_picture: null }] : [];
      return { body: { message: status === 1 ? 'You have blocked this member.' : 'You have unblocked this member.', is_blocked: status === 1 } };
    }
    return undefined;
  });
}

describe('Profiles', () => {
  it("shows another writer's name, bio, counts and posts to a visitor, whose Follow leads to /login", async () => {
    mockIntersectionObserver();
    const fetchMock = api();
    const { router } = renderApp(`/view-profile/${encodeId(20)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText('@grace')).toBeInTheDocument();
    expect(screen.getByText(/ship-shape software/)).toBeInTheDocument();
    expect(screen.getByTestId('profile-counts')).toHaveTextContent('2 posts1 follower3 following');
    expect(await screen.findByText('On compilers')).toBeInTheDocument();
    expect(screen.getByText('Nanoseconds')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Saved' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Profile options' })).not.toBeInTheDocument();
    expect(document.title).toContain('Grace Hopper');
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/author-posts'));
    expect(jsonBody(call![1] as RequestInit)).toEqual({ author_id: 20 });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the fediverse handle in place of the username, and Copy puts it on the clipboard', async () => {
    mockIntersectionObserver();
    api({ handle: '@grace@inkwell.example' });
    renderApp(`/view-profile/${encodeId(20)}`);
    expect(await screen.findByTestId('fediverse-handle')).toHaveTextContent('@grace@inkwell.example');
    expect(screen.queryByText('@grace')).not.toBeInTheDocument();
    const user = userEvent.setup();
    // After setup, which puts a clipboard of its own in place.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy handle' }));
    expect(writeText).toHaveBeenCalledWith('@grace@inkwell.example');
    expect(await screen.findByRole('button', { name: 'Handle copied' })).toHaveTextContent('Copied');
  });

  it('sends a fediverse reader to their own server to follow, from "Follow from Mastodon or the fediverse"', async () => {
    mockIntersectionObserver();
    const fetchMock = api({ handle: '@grace@inkwell.example' });
    const assign = vi.spyOn(leave, 'to').mockImplementation(() => undefined);
    renderApp(`/view-profile/${encodeId(20)}`);
    const user = userEvent.setup();
    await user.click(await screen.findByText('Follow from Mastodon or the fediverse'));
    const field = screen.getByLabelText('Your fediverse handle');
    await user.type(field, '@me@quiet.example');
    await user.click(screen.getByRole('button', { name: 'Follow from my server' }));
    expect(await screen.findByText('Your server does not offer following from another site.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, '@me@mastodon.example');
    await user.click(screen.getByRole('button', { name: 'Follow from my server' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://mastodon.example/authorize_interaction?uri=grace%40inkwell.example'));
    const call = fetchMock.mock.calls.findLast(([url]) => String(url).endsWith('/remote-follow'));
    expect(jsonBody(call![1] as RequestInit)).toEqual({ user_id: 20, handle: '@me@mastodon.example' });
    vi.unstubAllGlobals();
  });

  it('has one count of followers and of following, whichever server they are on, and no separate lists of the fediverse', async () => {
    mockIntersectionObserver();
    signIn(7);
    api({ handle: '@ada@inkwell.example' });
    renderApp('/profile');
    expect(await screen.findByTestId('profile-counts')).toHaveTextContent(/^2 posts1 follower3 following$/);
    expect(screen.queryByRole('button', { name: /on the fediverse/ })).not.toBeInTheDocument();
  });

  it('gives one’s own profile the menu and the Saved tab, on /profile and on one’s own /view-profile address', async () => {
    mockIntersectionObserver();
    signIn(7);
    api({ saved: true });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada' })).toBeInTheDocument();
    expect(await screen.findByText('Ada writes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Profile options' }));
    const menu = screen.getByRole('menu', { name: 'Profile options' });
    expect(within(menu).getByRole('menuitem', { name: 'Update Profile' })).toHaveAttribute('href', '/settings');
    expect(within(menu).getByRole('menuitem', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');
    expect(within(menu).getByRole('menuitem', { name: 'Manage Recommendation' })).toHaveAttribute('href', '/recommendation');
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('tab', { name: 'Saved' }));
    expect(await screen.findByText('A saved story')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Saved' })).toHaveAttribute('aria-selected', 'true');
  });

  it('treats /view-profile of oneself as one’s own profile', async () => {
    mockIntersectionObserver();
    signIn(7);
    api();
    renderApp(`/view-profile/${encodeId(7)}`);
    expect(await screen.findByRole('button', { name: 'Profile options' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Saved' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Saved' }));
    expect(await screen.findByText(TEXT.noPostsToShow)).toBeInTheDocument();
  });

  it('enlarges the picture on a double click, and closes it with Escape', async () => {
    mockIntersectionObserver();
    api();
    renderApp(`/view-profile/${encodeId(20)}`);
    const user = userEvent.setup();
    await user.dblClick(await screen.findByRole('button', { name: /Grace Hopper’s picture/ }));
    const dialog = screen.getByRole('dialog', { name: 'Grace Hopper' });
    expect(within(dialog).getByRole('img', { name: 'Grace Hopper' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so for a profile that does not exist', async () => {
    mockIntersectionObserver();
    api();
    renderApp(`/view-profile/${encodeId(999)}`);
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeInTheDocument();
  });

  it('shows the not-found page for a malformed profile address', async () => {
    api();
    renderApp('/view-profile/!!');
    expect(await screen.findByText(TEXT.notFoundTitle)).toBeInTheDocument();
  });

  it('blocks another writer after asking once more, hides their posts and Follow, and unblocks', async () => {
    mockIntersectionObserver();
    signIn(7);
    const fetchMock = api();
    renderApp(`/view-profile/${encodeId(20)}`);
    const user = userEvent.setup();
    expect(await screen.findByText('On compilers')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Block Grace Hopper' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Block Grace Hopper?' });
    await user.click(within(ask).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText(/You blocked Grace Hopper/)).toBeInTheDocument();
    expect(screen.queryByText('On compilers')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText('On compilers')).toBeInTheDocument();
    const blocks = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/block')).map(([, init]) => jsonBody(init as RequestInit));
    expect(blocks).toEqual([
      { user_id: 7, block_id: 20, status: 1 },
      { user_id: 7, block_id: 20, status: 0 },
    ]);
  });
});
