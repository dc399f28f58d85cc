import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths, type NotificationItem } from '@inkwell/contract';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { signIn } from '../../test/posts';
import { aNotification } from '../../test/notifications';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const items = (type: NotificationItem['type'], n: number, from = 1): NotificationItem[] =>
  Array.from({ length: n }, (_, i) => aNotification({ id: from + i, type, message: `${type} ${i + 1}`, updated_at: minutesAgo(i + 2) }));

function api(notifications: NotificationItem[], unseenCount = notifications.filter((item) => !item.seen).length) {
  return mockApi((path, init) => {
    if (path === 'notifications') return { body: { notifications, unseen_count: unseenCount } };
    if (path === 'notifications/seen') {
      const { ids } = jsonBody(init) as { ids: number[] };
      return { body: { message: 'Marked as seen.', unseen_count: Math.max(0, unseenCount - ids.length) } };
    }
    if (path === 'profile') return { body: { user: aProfile } };
    return undefined;
  });
}

const row = (text: string) => screen.getByText(text).closest<HTMLElement>('[data-testid="notification"]')!;
const seenCalls = (fetchMock: ReturnType<typeof api>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/notifications/seen')).map(([, init]) => jsonBody(init as RequestInit));

describe('Notifications screen', () => {
  it('shows Likes, Comments, Help and Follow in that order, only those with items, 5 at first and 5 more per Load More', async () => {
    signIn(7);
    const fetchMock = api([...items('follow', 2, 100), ...items('like', 12, 1), ...items('responses', 1, 200)]);
    renderApp('/notifications');
    const likes = await screen.findByRole('region', { name: /Likes/ });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent?.replace(/\s*\(\d+\)$/, ''));
    expect(headings).toEqual(['Likes', 'Help', 'Follow']);
    expect(within(likes).getAllByTestId('notification')).toHaveLength(5);
    expect(within(likes).getByText('like 1')).toBeInTheDocument();
    expect(within(likes).getAllByText('2 minutes ago').length).toBeGreaterThan(0);

    const user = userEvent.setup();
    await user.click(within(likes).getByRole('button', { name: 'Load More' }));
    expect(within(likes).getAllByTestId('notification')).toHaveLength(10);
    await user.click(within(likes).getByRole('button', { name: 'Load More' }));
    expect(within(likes).getAllByTestId('notification')).toHaveLength(12);
    expect(within(likes).queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: /Follow/ })).queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: /Help/ })).getByText('responses 1')).toBeInTheDocument();

    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/notifications'));
    expect(jsonBody(call![1] as RequestInit)).toEqual({ user_id: 7 });
    expect(document.title).toContain('Notifications');
    // Everything was seen already: nothing to mark.
    expect(seenCalls(fetchMock)).toEqual([]);
  });

  it('says so when there is nothing yet', async () => {
    signIn(7);
    api([]);
    renderApp('/notifications');
    expect(await screen.findByText(/Nothing yet/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });

  it('leads each item where it belongs, with the picture and the name of who did it', async () => {
    signIn(7);
    api([
      aNotification({ id: 1, type: 'like', message: 'Bo liked your post “Tides”.', post_id: 5 }),
      aNotification({ id: 2, type: 'comment', message: 'Bo commented on “Tides”.', post_id: 5, comment_id: 100 }),
      aNotification({ id: 3, type: 'comment', message: 'Bo replied to your comment.', post_id: 5, comment_id: 100, reply_id: 200 }),
      aNotification({ id: 4, type: 'follow', message: 'Cy started following you.', post_id: null, actor: { id: 31, name: 'Cy', profile_picture: null } }),
      aNotification({ id: 5, type: 'responses', message: 'We answered your help request.', post_id: null, actor: null }),
      aNotification({ id: 6, type: 'like', message: 'Someone liked it.', post_id: 6, actor: null }),
    ]);
    renderApp('/notifications');
    const like = await screen.findByRole('link', { name: /Bo liked your post/ });
    expect(like).toHaveAttribute('href', paths.viewPost.getHref(5));
    expect(screen.getByRole('link', { name: /Bo commented on/ })).toHaveAttribute('href', `${paths.viewPost.getHref(5)}#comment-100`);
    expect(screen.getByRole('link', { name: /Bo replied/ })).toHaveAttribute('href', `${paths.viewPost.getHref(5)}#reply-200`);
    expect(screen.getByRole('link', { name: /started following you/ })).toHaveAttribute('href', paths.viewProfile.getHref(31));
    expect(screen.getByRole('link', { name: /We answered/ })).toHaveAttribute('href', paths.help.getHref());

    // Who: the picture (the default one when there is none) and the name in bold.
    expect(within(like).getByText('Bo Reader')).toHaveClass('font-semibold');
    expect(like.querySelector('img')).toHaveAttribute('src', '/storage/users/bo.webp');
    expect(within(row('Cy started following you.')).getByText('Cy')).toBeInTheDocument();
    expect(row('Cy started following you.').querySelector('img')).toHaveAttribute('src', expect.stringContaining('default'));
    expect(within(row('Someone liked it.')).getByText('Someone')).toBeInTheDocument();
    // Help answers come from Inkwell itself: its badge, no member's picture.
    const answer = row('We answered your help request.');
    expect(within(answer).getByText('Inkwell')).toBeInTheDocument();
    expect(within(answer).getByTestId('inkwell-badge')).toBeInTheDocument();
    expect(answer.querySelector('img')).toBeNull();
  });

  it('names an account of another fediverse server, leads its follow to its profile here and its reply to it', async () => {
    signIn(7);
    const lin = { id: 41, handle: '@lin@mastodon.example', name: 'Lin', url: 'https://mastodon.example/@lin' };
    api([
      aNotification({ id: 1, type: 'like', message: 'Lin liked your post “Tides” from the fediverse.', post_id: 5, actor: null, remote_actor: lin }),
      aNotification({ id: 2, type: 'follow', message: 'Lin started following you from the fediverse.', post_id: null, actor: null, remote_actor: lin }),
      aNotification({
        id: 3,
        type: 'follow',
        message: '@quiet@far.example started following you from the fediverse.',
        post_id: null,
        actor: null,
        remote_actor: { id: 42, handle: '@quiet@far.example', name: null, url: null },
      }),
      aNotification({ id: 4, type: 'comment', message: 'Lin replied to “Tides” from the fediverse.', post_id: 5, actor: null, remote_actor: lin, comment_id: 12 }),
      aNotification({
        id: 6,
        type: 'comment',
        message: 'Lin answered a comment on “Tides” from the fediverse.',
        post_id: 5,
        actor: null,
        remote_actor: lin,
        comment_id: 12,
        reply_id: 13,
      }),
      aNotification({ id: 5, type: 'boost', message: 'Lin boosted your post “Tides” on the fediverse.', post_id: 5, actor: null, remote_actor: lin }),
    ]);
    renderApp('/notifications');
    const like = await screen.findByRole('link', { name: /liked your post “Tides” from the fediverse/ });
    expect(like).toHaveAttribute('href', paths.viewPost.getHref(5));
    expect(within(like).getByText('Lin')).toHaveClass('font-semibold');
    // A boost is listed with the likes, and leads to the story.
    const likes = screen.getByRole('region', { name: /Likes/ });
    expect(within(likes).getByRole('link', { name: /boosted your post “Tides” on the fediverse/ })).toHaveAttribute('href', paths.viewPost.getHref(5));
    expect(within(likes).getByText('(2)')).toBeInTheDocument();
    // A reply from there is one of the story's comments (or a reply of one): it leads to it there.
    expect(screen.getByRole('link', { name: /replied to “Tides” from the fediverse/ })).toHaveAttribute('href', `${paths.viewPost.getHref(5)}#comment-12`);
    expect(screen.getByRole('link', { name: /answered a comment on “Tides” from the fediverse/ })).toHaveAttribute('href', `${paths.viewPost.getHref(5)}#reply-13`);
    const follow = screen.getByRole('link', { name: /Lin started following you from the fediverse/ });
    // Its profile here (its stories and lists, and "View on" its server), in this tab.
    expect(follow).toHaveAttribute('href', paths.viewProfile.getHref(41));
    expect(follow).not.toHaveAttribute('target');
    // One with no name is named by its handle, and leads to its profile here too.
    const quiet = row('@quiet@far.example started following you from the fediverse.');
    expect(within(quiet).getByText('@quiet@far.example', { selector: '.font-semibold' })).toBeInTheDocument();
    expect(within(quiet).getByRole('link')).toHaveAttribute('href', paths.viewProfile.getHref(42));
  });

  it('shows unseen items as new while the screen is open, and marks them seen', async () => {
    signIn(7);
    const fetchMock = api([
      aNotification({ id: 1, message: 'Unseen like', seen: false }),
      aNotification({ id: 2, message: 'Old like' }),
      aNotification({ id: 3, type: 'follow', message: 'Unseen follow', seen: false }),
    ]);
    renderApp('/notifications');
    await screen.findByText('Unseen like');
    await waitFor(() => expect(seenCalls(fetchMock)).toEqual([{ user_id: 7, ids: [1, 3] }]));
    // The answer says nothing is unseen: the top bar's dot goes, the items keep their new look.
    await waitFor(() => expect(screen.queryByTestId('notifications-dot')).not.toBeInTheDocument());
    for (const text of ['Unseen like', 'Unseen follow']) {
      expect(row(text)).toHaveAttribute('data-new', 'true');
      expect(within(row(text)).getByText('New')).toHaveClass('sr-only');
      expect(within(row(text)).getByTestId('notification-new-dot')).toBeInTheDocument();
    }
    expect(row('Old like')).not.toHaveAttribute('data-new');
    expect(within(row('Old like')).queryByText('New')).not.toBeInTheDocument();
    expect(seenCalls(fetchMock)).toHaveLength(1);
  });

  it('shows new stories of the people one follows under Stories, last, each leading to the story, marked seen like the rest', async () => {
    signIn(7);
    const fetchMock = api([
      aNotification({
        id: 41,
        type: 'post',
        message: 'Ana Author published a new story: “Night trains”.',
        post_id: 12,
        seen: false,
        actor: { id: 31, name: 'Ana Author', profile_picture: null },
      }),
      ...items('post', 6, 50),
      aNotification({ id: 2, type: 'follow', message: 'Cy started following you.', post_id: null }),
      aNotification({ id: 3, type: 'post', message: 'A story whose post is gone.', post_id: null, actor: { id: 32, name: 'Di', profile_picture: null } }),
    ]);
    renderApp('/notifications');
    const stories = await screen.findByRole('region', { name: /Stories/ });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent?.replace(/\s*\(\d+\)$/, ''));
    expect(headings).toEqual(['Follow', 'Stories']);
    expect(within(stories).getByRole('heading', { level: 2 })).toHaveTextContent('(8)');
    expect(within(stories).getAllByTestId('notification')).toHaveLength(5);
    const story = within(stories).getByRole('link', { name: /Ana Author published a new story/ });
    expect(story).toHaveAttribute('href', paths.viewPost.getHref(12));
    expect(within(story).getByText('Ana Author')).toHaveClass('font-semibold');
    await userEvent.setup().click(within(stories).getByRole('button', { name: 'Load More' }));
    expect(within(stories).getAllByTestId('notification')).toHaveLength(8);
    // A story deleted meanwhile: its author's profile instead.
    expect(within(stories).getByRole('link', { name: /A story whose post is gone/ })).toHaveAttribute('href', paths.viewProfile.getHref(32));
    await waitFor(() => expect(seenCalls(fetchMock)).toEqual([{ user_id: 7, ids: [41] }]));
    expect(row('Ana Author published a new story: “Night trains”.')).toHaveAttribute('data-new', 'true');
  });

  it('shows the dot only while something is unseen: it clears once the screen has marked them seen', async () => {
    signIn(7);
    const fetchMock = api([aNotification({ id: 9, message: 'Fresh like', seen: false }), aNotification({ id: 8, message: 'Old like' })]);
    renderApp('/');
    expect(await screen.findByTestId('notifications-dot')).toBeInTheDocument();
    expect(seenCalls(fetchMock)).toEqual([]);

    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Notifications (new)' }));
    expect(await screen.findByText('Fresh like')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('notifications-dot')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(seenCalls(fetchMock)).toEqual([{ user_id: 7, ids: [9] }]);
  });
});
