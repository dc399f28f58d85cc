import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FeedTuning } from '@inkwell/contract';
import { clearSession } from '../../lib/session';
import { jsonBody, mockApi, renderApp } from '../../test/render';
import { aPage, aPost, mockIntersectionObserver, signIn } from '../../test/posts';

const science = { id: 3, name: 'Science' };
const categories = { categories: [{ ...science, description: null, followers_count: 0 }] };
const none: FeedTuning = { more: [], less: [], muted: [] };

const cards = () => screen.getAllByTestId('post-card');
const card = (title: string) => cards().find((c) => within(c).queryByText(title))!;

/** For you with a card of each reason; `less` answers Less like this and drops Science from the next For you. */
function api() {
  let lessOfScience = false;
  let forYouCalls = 0;
  const fetchMock = mockApi((path, init) => {
    if (path === 'view-posts') {
      forYouCalls += 1;
      const posts = [
        aPost({ id: 1, title: 'Chosen topic', category_id: 3, reason: { kind: 'topic', topic: science } }),
        aPost({
          id: 2,
          title: 'Followed author',
          user_id: 21,
          author: { id: 21, name: 'Ada Lovelace', profile_picture: null, followers_count: 1 },
          reason: { kind: 'author', author: { id: 21, name: 'Ada Lovelace' } },
        }),
        aPost({ id: 3, title: 'Popular one', category_id: 3, reason: { kind: 'popular', topic: science } }),
        aPost({ id: 4, title: 'Asked for more', category_id: 3, reason: { kind: 'more', topic: science } }),
        aPost({ id: 5, title: 'Just new', category_id: 4, reason: { kind: 'latest' } }),
        aPost({ id: 6, title: 'My own', user_id: 7, author: { id: 7, name: 'Me', profile_picture: null, followers_count: 0 }, reason: { kind: 'latest' } }),
      ];
      return { body: aPage(lessOfScience ? posts.filter((p) => p.category_id !== 3) : posts) };
    }
    if (path === 'following/posts') return { body: aPage([aPost({ id: 9, title: 'In Following', reason: null })]) };
    if (path === 'categories') return { body: categories };
    if (path === 'user-categories') return { body: [{ category_id: 3 }] };
    if (path === 'feed-tuning/set') {
      const body = jsonBody(init) as { kind: string; on: number };
      lessOfScience = body.kind === 'less' && body.on === 1;
      const message = body.on === 1 ? 'For you will leave out Science.' : 'Science is back to usual in For you.';
      return { body: { message, previous: null, tuning: lessOfScience ? { ...none, less: [{ ...science, created_at: 'now' }] } : none } };
    }
    return undefined;
  });
  return { fetchMock, forYouCalls: () => forYouCalls };
}

describe('For you explains itself (issue 13)', () => {
  it('says why each card is there, only on For you', async () => {
    mockIntersectionObserver();
    signIn(7);
    api();
    renderApp('/');
    expect(await screen.findByText('Chosen topic')).toBeInTheDocument();
    const reason = (title: string) => within(card(title)).getByTestId('feed-reason').textContent;
    expect(reason('Chosen topic')).toBe('Why this story: Because you follow Science');
    expect(reason('Followed author')).toBe('Why this story: From Ada Lovelace, whom you follow');
    expect(reason('Popular one')).toBe('Why this story: Popular in Science');
    expect(reason('Asked for more')).toBe('Why this story: Because you asked for more Science');
    expect(reason('Just new')).toBe('Why this story: New on Inkwell');

    // The reader's menu on other people's stories; their own keeps the owner's menu.
    expect(within(card('Chosen topic')).getByRole('button', { name: 'Story options' })).toBeInTheDocument();
    expect(within(card('My own')).queryByRole('button', { name: 'Story options' })).not.toBeInTheDocument();
    expect(within(card('My own')).getByRole('button', { name: 'Post options' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Following' }));
    expect(await screen.findByText('In Following')).toBeInTheDocument();
    expect(screen.queryByTestId('feed-reason')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Story options' })).not.toBeInTheDocument();
  });

  it('offers More, Less, Mute and Tune your feed; Less restarts For you without the topic, and Undo brings it back', async () => {
    mockIntersectionObserver();
    signIn(7);
    const { fetchMock, forYouCalls } = api();
    renderApp('/');
    const user = userEvent.setup();
    expect(await screen.findByText('Chosen topic')).toBeInTheDocument();

    await user.click(within(card('Followed author')).getByRole('button', { name: 'Story options' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['More like this', 'Less like this', 'Mute Ada Lovelace', 'Tune your feed']);
    expect(screen.getByRole('menuitem', { name: 'Tune your feed' })).toHaveAttribute('href', '/recommendation#tune-your-feed');
    await user.keyboard('{Escape}');
    // A story there because its topic was asked more of has no More like this.
    await user.click(within(card('Asked for more')).getByRole('button', { name: 'Story options' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Less like this', 'Mute Grace Hopper', 'Tune your feed']);

    await user.click(screen.getByRole('menuitem', { name: 'Less like this' }));
    const notice = await screen.findByTestId('tuning-notice');
    expect(notice).toHaveTextContent('For you will leave out Science.');
    const sets = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/feed-tuning/set')).map(([, init]) => jsonBody(init as RequestInit));
    expect(sets()).toEqual([{ user_id: 7, kind: 'less', target_id: 3, on: 1 }]);
    // For you starts again from its first page, without Science.
    await waitFor(() => expect(screen.queryByText('Chosen topic')).not.toBeInTheDocument());
    expect(forYouCalls()).toBe(2);
    expect(screen.getByText('Just new')).toBeInTheDocument();

    await user.click(within(notice).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Chosen topic')).toBeInTheDocument();
    expect(sets()[1]).toEqual({ user_id: 7, kind: 'less', target_id: 3, on: 0 });
    expect(screen.queryByTestId('tuning-notice')).not.toBeInTheDocument();
    expect(await screen.findByText('Science is back to usual in For you.')).toBeInTheDocument();
  });

  it('offers no topic in the menu of a story without one (an account elsewhere’s)', async () => {
    mockIntersectionObserver();
    signIn(7);
    const elsewhere = { handle: '@dave@far.example', icon_url: null, profile_url: null, url: null };
    const author = { id: 40, name: 'Dave', profile_picture: null, followers_count: 0 };
    mockApi((path) =>
      path === 'view-posts' ? { body: aPage([aPost({ id: 8, title: 'From afar', user_id: 40, category_id: null, author, elsewhere, reason: { kind: 'latest' } })]) } : undefined,
    );
    renderApp('/');
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('post-card')).getByRole('button', { name: 'Story options' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Mute Dave', 'Tune your feed']);
  });

  it('mutes a story’s author by their id, and shows a visitor the reasons without the menu', async () => {
    mockIntersectionObserver();
    signIn(7);
    const { fetchMock } = api();
    const { unmount } = renderApp('/');
    const user = userEvent.setup();
    expect(await screen.findByText('Followed author')).toBeInTheDocument();
    await user.click(within(card('Followed author')).getByRole('button', { name: 'Story options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Mute Ada Lovelace' }));
    await screen.findByTestId('tuning-notice');
    const sent = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/feed-tuning/set')).map(([, init]) => jsonBody(init as RequestInit));
    expect(sent).toEqual([{ user_id: 7, kind: 'mute', target_id: 21, on: 1 }]);
    unmount();

    clearSession();
    mockIntersectionObserver();
    api();
    renderApp('/');
    expect(await screen.findByText('Just new')).toBeInTheDocument();
    expect(within(card('Just new')).getByTestId('feed-reason')).toHaveTextContent('New on Inkwell');
    expect(screen.queryByRole('button', { name: 'Story options' })).not.toBeInTheDocument();
  });
});
