import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { encodeId, paths, type PostStatsResponse, type StatsDay, type StatsPost, type StatsResponse } from '@inkwell/contract';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { aPage, aPost, mockIntersectionObserver, signIn } from '../../test/posts';

function aRow(overrides: Partial<StatsPost> = {}): StatsPost {
  return { id: 1, title: 'A story', created_at: '2026-03-01T10:00:00.000Z', views: 0, reads: 0, read_ratio: null, likes: 0, saves: 0, comments: 0, email: null, ...overrides };
}

const rows = [
  aRow({ id: 3, title: 'Newest, little read', views: 4, reads: 1, read_ratio: 0.25, likes: 1 }),
  aRow({ id: 2, title: 'Most viewed', views: 1200, reads: 600, read_ratio: 0.5, likes: 9, saves: 2, comments: 5 }),
  aRow({ id: 1, title: 'Oldest, unread' }),
];

function overview(days: number, posts = rows): StatsResponse {
  const sum = (key: 'views' | 'reads' | 'likes' | 'saves' | 'comments') => posts.reduce((n, post) => n + post[key], 0);
  const totals = { views: sum('views'), reads: sum('reads'), likes: sum('likes'), saves: sum('saves'), comments: sum('comments') };
  return { days, from: '2026-02-04', to: '2026-03-05', totals: { ...totals, read_ratio: totals.views ? totals.reads / totals.views : null }, posts };
}

function aSeries(days: number): PostStatsResponse {
  const series: StatsDay[] = Array.from({ length: days }, (_, i) => {
    const day = new Date(Date.UTC(2026, 2, 5 - (days - 1) + i)).toISOString().slice(0, 10);
    return { day, views: i === days - 1 ? 7 : 0, reads: i === days - 1 ? 3 : 0, likes: i === days - 1 ? 1 : 0, saves: 0, comments: 0 };
  });
  return {
    days,
    from: series[0]!.day,
    to: series[days - 1]!.day,
    post: { id: 2, title: 'Most viewed', created_at: '2026-03-01T10:00:00.000Z' },
    totals: { views: 7, reads: 3, read_ratio: 3 / 7, likes: 1, saves: 0, comments: 0 },
    series,
    email: null,
  };
}

function api(posts = rows) {
  return mockApi((path, init) => {
    if (path === 'profile') return { body: { user: aProfile } };
    if (path === 'stats') return { body: overview((jsonBody(init) as { days: number }).days, posts) };
    if (path === 'stats/post') return { body: aSeries((jsonBody(init) as { days: number }).days) };
    return undefined;
  });
}

const bodies = (fetchMock: ReturnType<typeof api>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === `/api/user/${path}`).map(([, init]) => jsonBody(init as RequestInit));
const titles = () => screen.getAllByTestId('stats-row').map((row) => within(row).getByRole('button').textContent);

describe('Stats', () => {
  it('sends a visitor to /login', async () => {
    api();
    const { router } = renderApp('/stats');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the sums of 30 days and every story with its numbers, newest first', async () => {
    signIn();
    const fetchMock = api();
    renderApp('/stats');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stats' })).toBeInTheDocument();
    expect(document.title).toBe('Stats · Inkwell');
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Views').nextSibling).toHaveTextContent('1,204');
    expect(within(summary).getByText('Reads').parentElement).toHaveTextContent('601');
    expect(within(summary).getByText('Reads').parentElement).toHaveTextContent('50% of views');
    expect(within(summary).getByText('Likes').nextSibling).toHaveTextContent('10');
    expect(summary).toHaveTextContent('2 saves · 5 comments');
    expect(titles()).toEqual(['Newest, little read', 'Most viewed', 'Oldest, unread']);
    const [newest] = screen.getAllByTestId('stats-row');
    expect(newest).toHaveTextContent('25%');
    expect(screen.getAllByTestId('stats-row')[2]).toHaveTextContent('–');
    expect(screen.getByRole('radio', { name: '30 days' })).toBeChecked();
    expect(bodies(fetchMock, 'stats')).toEqual([{ user_id: 7, days: 30 }]);
  });

  it('sorts by a column, highest first, then the other way round', async () => {
    signIn();
    api();
    renderApp('/stats');
    await screen.findAllByTestId('stats-row');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Views' }));
    expect(titles()).toEqual(['Most viewed', 'Newest, little read', 'Oldest, unread']);
    expect(screen.getByRole('columnheader', { name: /Views/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Views' }));
    expect(titles()).toEqual(['Oldest, unread', 'Newest, little read', 'Most viewed']);
    expect(screen.getByRole('columnheader', { name: /Views/ })).toHaveAttribute('aria-sort', 'ascending');
    // Without views there is no ratio: such a story comes last either way.
    await user.click(screen.getByRole('button', { name: 'Read ratio' }));
    expect(titles()).toEqual(['Most viewed', 'Newest, little read', 'Oldest, unread']);
  });

  it('asks for 7 or 90 days when chosen, and keeps the choice in the address', async () => {
    signIn();
    const fetchMock = api();
    const { router } = renderApp('/stats');
    await screen.findAllByTestId('stats-row');
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(bodies(fetchMock, 'stats')).toContainEqual({ user_id: 7, days: 7 }));
    expect(router.state.location.search).toBe('?days=7');
    expect(screen.getByRole('radio', { name: '7 days' })).toBeChecked();
  });

  it('opens a story’s chart with a text alternative and the numbers day by day', async () => {
    signIn();
    const fetchMock = api();
    const { router } = renderApp('/stats?days=7');
    await screen.findAllByTestId('stats-row');
    const user = userEvent.setup();
    const title = screen.getByRole('button', { name: /Most viewed/ });
    expect(title).toHaveAttribute('aria-expanded', 'false');
    await user.click(title);
    expect(title).toHaveAttribute('aria-expanded', 'true');
    expect(router.state.location.search).toBe(`?days=7&post=${encodeId(2)}`);
    const panel = await screen.findByTestId('post-stats');
    const chart = within(panel).getByRole('img');
    expect(chart).toHaveAccessibleName(/7 views and 3 reads in all; most views on 5 March 2026 \(7\)/);
    expect(panel.querySelectorAll('rect')).toHaveLength(2);
    expect(panel).toHaveTextContent('7 views, 3 reads (43% read to the end), 1 like, 0 saves, 0 comments in 7 days.');
    const table = within(panel).getByRole('table', { name: 'Numbers per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('5 Mar73100');
    expect(within(panel).getByRole('link', { name: 'Open the story' })).toHaveAttribute('href', paths.viewPost.getHref(2));
    expect(bodies(fetchMock, 'stats/post')).toEqual([{ user_id: 7, post_id: 2, days: 7 }]);
    await user.click(title);
    expect(screen.queryByTestId('post-stats')).toBeNull();
  });

  it('opens the story a link names (?post=)', async () => {
    signIn();
    const fetchMock = api();
    renderApp(paths.stats.getHref(2));
    expect(await screen.findByTestId('post-stats')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Most viewed/ })).toHaveAttribute('aria-expanded', 'true');
    expect(bodies(fetchMock, 'stats/post')).toEqual([{ user_id: 7, post_id: 2, days: 30 }]);
  });

  it('shows how a story’s email to subscribers went: under its title, and in its panel while it is sending', async () => {
    signIn();
    const email = { status: 'sending' as const, recipients: 1204, sent: 300, pending: 900, failed: 1, bounced: 3, unsubscribed: 2 };
    const posts = [aRow({ id: 2, title: 'Most viewed', email }), aRow({ id: 1, title: 'Not mailed' })];
    mockApi((path) => {
      if (path === 'profile') return { body: { user: aProfile } };
      if (path === 'stats') return { body: overview(30, posts) };
      if (path === 'stats/post') return { body: { ...aSeries(30), email } };
      return undefined;
    });
    renderApp('/stats');
    const [mailed, quiet] = await screen.findAllByTestId('stats-row');
    expect(within(mailed!).getByTestId('stats-email')).toHaveTextContent('Sending: 300 of 1,204');
    expect(within(quiet!).queryByTestId('stats-email')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: /Most viewed/ }));
    const panel = await screen.findByTestId('post-stats-email');
    expect(panel).toHaveTextContent('Sending: 300 of 1,204 subscribers so far');
    expect(within(panel).getByRole('progressbar', { name: 'Email sent so far' })).toHaveAttribute('aria-valuenow', '25');
    expect(panel).toHaveTextContent('900 still to go · 1 failed · 3 bounced · 2 unsubscribes from this email');
  });

  it('tells a member without stories how the numbers come, with a way to write one', async () => {
    signIn();
    api([]);
    renderApp('/stats');
    const empty = await screen.findByTestId('stats-empty');
    expect(within(empty).getByRole('heading', { name: 'No stories yet' })).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Write a story' })).toHaveAttribute('href', paths.createPost.getHref());
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the Library’s Published tab', () => {
  it('links each of the writer’s stories to its numbers', async () => {
    mockIntersectionObserver();
    signIn();
    mockApi((path) => {
      if (path === 'profile') return { body: { user: aProfile } };
      if (path === 'author-posts') return { body: aPage([aPost({ id: 3, title: 'A published story', user_id: 7 })]) };
      return undefined;
    });
    renderApp('/yourposts');
    const link = await screen.findByRole('link', { name: 'Stats of “A published story”' });
    expect(link).toHaveAttribute('href', paths.stats.getHref(3));
  });
});
