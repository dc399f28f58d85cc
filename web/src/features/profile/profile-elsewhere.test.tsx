import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_IMAGE, encodeId, paths, type ProfileData, type WrittenElsewhere } from '@inkwell/contract';
import { jsonBody, mockApi, renderApp } from '../../test/render';
import { aListPerson, aPage, aPost, mockIntersectionObserver, signIn } from '../../test/posts';
import { createQueryClient } from '../../app/providers';
import { screen as viewProfile } from '../../app/routes/view-profile';
import { profileDataQueryOptions } from './api/get-profile-data';

/** The profile here of an account on another server (ADR 0085): a row of users with `elsewhere` set. */
const linThere: WrittenElsewhere = {
  handle: '@lin@mastodon.example',
  icon_url: 'https://mastodon.example/avatars/lin.png',
  profile_url: 'https://mastodon.example/@lin',
  url: null,
};
const lin: ProfileData = {
  id: 40,
  name: 'Lin',
  username: null,
  bio: 'Knits, and writes of compilers.',
  profile_picture: null,
  post_count: 1,
  followers_count: 2,
  following_count: 3,
  fediverse_handle: null,
  elsewhere: linThere,
};
// Nameless, its picture over plain http, no profile page there, no story kept here.
const quiet: ProfileData = {
  ...lin,
  id: 41,
  name: null,
  bio: null,
  post_count: 0,
  elsewhere: { handle: '@quiet@far.example', icon_url: 'http://far.example/quiet.png', profile_url: null, url: null },
};
/** Its story a member here follows. */
const linStory = aPost({ id: 5, title: 'On purl stitches', user_id: 40, author: { id: 40, name: 'Lin', profile_picture: null, followers_count: 2 }, elsewhere: linThere });
const grace: ProfileData = { ...lin, id: 20, name: 'Grace Hopper', username: 'grace', bio: null, fediverse_handle: '@grace@inkwell.example', elsewhere: null };

function api() {
  const calls: Array<{ path: string; body: unknown }> = [];
  const fetchMock = mockApi((path, init) => {
    calls.push({ path, body: init.body ? jsonBody(init) : undefined });
    if (path === 'get-profile-data') {
      const { id } = jsonBody(init) as { id: number };
      const profile = [lin, quiet, grace].find((p) => p.id === id);
      return profile ? { body: { data: profile } } : { status: 404, body: { message: 'User not found.' } };
    }
    if (path === 'author-posts') {
      const { author_id } = jsonBody(init) as { author_id: number };
      return { body: aPage(author_id === 40 ? [linStory] : []) };
    }
    if (path === 'following/posts') return { body: aPage([linStory]) };
    if (path === 'is-following') return { body: { message: 'ok', is_following: false, followers_count: 2 } };
    if (path === 'blocked-users') return { body: { data: [] } };
    if (path === 'followers') return { body: { data: [aListPerson(7, 'Ada')], next_page_url: null } };
    if (path === 'follow-unfollow') {
      const { followType } = jsonBody(init) as { followType: number };
      return { body: { message: 'Asked.', is_following: followType === 1, followers_count: 2, pending: followType === 1 } };
    }
    return undefined;
  });
  return { fetchMock, calls };
}

const robots = () => document.head.querySelector('meta[name="robots"]');

describe('The profile of an account elsewhere', () => {
  it('shows its picture there, its name, its handle, the way to its profile there, its counts and its stories kept here', async () => {
    mockIntersectionObserver();
    const { calls } = api();
    renderApp(`/view-profile/${encodeId(40)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lin' })).toBeInTheDocument();
    expect(screen.getByTestId('fediverse-handle')).toHaveTextContent('@lin@mastodon.example');
    expect(screen.getByRole('button', { name: 'Copy handle' })).toBeInTheDocument();
    const there = screen.getByRole('link', { name: 'View on mastodon.example' });
    expect(there).toHaveAttribute('href', 'https://mastodon.example/@lin');
    expect(there).toHaveAttribute('target', '_blank');
    expect(there).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    const header = screen.getByRole('heading', { level: 1 }).closest('header')!;
    expect(header.querySelector('img')).toHaveAttribute('src', 'https://mastodon.example/avatars/lin.png');
    // Its picture is not a member's: nothing to enlarge.
    expect(screen.queryByRole('button', { name: /picture/ })).not.toBeInTheDocument();
    expect(screen.getByText('Knits, and writes of compilers.')).toBeInTheDocument();
    expect(screen.getByTestId('profile-counts')).toHaveTextContent('1 post2 followers3 following');
    // Its stories kept here, through the ordinary author-posts call.
    expect(await screen.findByText('On purl stitches')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'author-posts').map((c) => c.body)).toEqual([{ author_id: 40 }]);
    // Nothing that only a member's profile offers: following from the fediverse, subscribing by email.
    expect(screen.queryByText('Follow from Mastodon or the fediverse')).not.toBeInTheDocument();
    expect(screen.queryByText(/new stories by email/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Saved' })).not.toBeInTheDocument();
    // Its title, and search engines leave it out.
    expect(document.title).toBe('Lin · Inkwell');
    expect(robots()).toHaveAttribute('content', 'noindex');
  });

  it('follows it with the ordinary follow, Requested until its server says yes, pressed again it takes the ask back; no email tick, and Block', async () => {
    mockIntersectionObserver();
    signIn(7);
    const { calls } = api();
    renderApp(`/view-profile/${encodeId(40)}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    await user.click(await screen.findByRole('button', { name: 'Requested' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'follow-unfollow').map((c) => c.body)).toEqual([
      { user_id: 7, follow_id: 40, followType: 1 },
      { user_id: 7, follow_id: 40, followType: 0 },
    ]);
    expect(calls.some((c) => c.path.startsWith('newsletter/member/status'))).toBe(false);
    expect(screen.queryByRole('checkbox', { name: 'Email me too' })).not.toBeInTheDocument();
    expect(screen.queryByText(/new stories by email/i)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More options' }));
    expect(screen.getByRole('menuitem', { name: 'Block Lin' })).toBeInTheDocument();
  });

  it('opens its followers here as a member’s', async () => {
    mockIntersectionObserver();
    const { calls } = api();
    renderApp(`/view-profile/${encodeId(40)}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: /^2 followers$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Lin’s followers' });
    expect(await within(dialog).findByRole('link', { name: 'Ada' })).toHaveAttribute('href', paths.viewProfile.getHref(7));
    expect(calls.filter((c) => c.path === 'followers').map((c) => (c.body as { profile_id: number }).profile_id)).toEqual([40]);
  });

  it('shows a nameless one by its handle, the placeholder for a picture not over https, no way out without a profile there, and says why it has no stories', async () => {
    mockIntersectionObserver();
    api();
    renderApp(`/view-profile/${encodeId(41)}`);
    expect(await screen.findByRole('heading', { level: 1, name: '@quiet@far.example' })).toBeInTheDocument();
    expect(screen.getByTestId('fediverse-handle')).toHaveTextContent('@quiet@far.example');
    expect(screen.getByRole('heading', { level: 1 }).closest('header')!.querySelector('img')).toHaveAttribute('src', DEFAULT_USER_IMAGE);
    expect(screen.queryByRole('link', { name: /^View on/ })).not.toBeInTheDocument();
    expect(await screen.findByText('No stories of theirs are kept here yet: they appear once someone here follows them.')).toBeInTheDocument();
    expect(document.title).toBe('@quiet@far.example · Inkwell');
  });

  it('is reached from the name on a card of its story', async () => {
    mockIntersectionObserver();
    signIn(7);
    api();
    const { router } = renderApp('/?tab=following');
    const card = (await screen.findByText('On purl stitches')).closest<HTMLElement>('[data-testid="post-card"]')!;
    await userEvent.setup().click(within(card).getByRole('link', { name: 'Lin' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.viewProfile.getHref(40)));
    expect(await screen.findByRole('link', { name: 'View on mastodon.example' })).toBeInTheDocument();
  });

  it('leaves a member’s profile to search engines and as it was', async () => {
    mockIntersectionObserver();
    api();
    renderApp(`/view-profile/${encodeId(20)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByTestId('fediverse-handle')).toHaveTextContent('@grace@inkwell.example');
    expect(screen.getByText('Follow from Mastodon or the fediverse')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^View on/ })).not.toBeInTheDocument();
    expect(robots()).toBeNull();
  });

  it('has the server’s head say noindex for it, and not for a member', () => {
    const head = (profile: ProfileData) => {
      const client = createQueryClient();
      client.setQueryData(profileDataQueryOptions(profile.id).queryKey, profile);
      return viewProfile.head!({ params: { id: encodeId(profile.id) }, url: new URL(`http://localhost/view-profile/${encodeId(profile.id)}`), client, viewerId: undefined });
    };
    expect(head(lin)).toMatchObject({ noindex: true, kind: 'profile', description: 'Knits, and writes of compilers.' });
    expect(head(quiet)).toMatchObject({ noindex: true, description: 'Stories by @quiet@far.example, from another server, on Inkwell.' });
    expect(head(grace)).not.toHaveProperty('noindex');
  });
});
