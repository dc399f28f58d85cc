import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths, type LibraryResult, type LibrarySearchResponse } from '@inkwell/contract';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { aPage, aPost, mockIntersectionObserver, signIn } from '../../test/posts';

function aResult(id: number, overrides: Partial<LibraryResult> = {}): LibraryResult {
  return {
    id,
    title: [
      { text: 'Notes on ', mark: false },
      { text: 'tides', mark: true },
    ],
    sub_title: 'A subtitle',
    snippet: [
      { text: 'Where the ', mark: false },
      { text: 'tides', mark: true },
      { text: ' turn.', mark: false },
    ],
    image: null,
    image_width: null,
    created_at: '2026-03-05T10:00:00.000Z',
    read_time: 4,
    author: { id: 20, name: 'Grace Hopper', profile_picture: null },
    sources: ['saved'],
    ...overrides,
  };
}

type Answer = { status?: number; body?: unknown };

/** The library's search answers from `respond` (by body); the rest of the Library as usual. */
function api(respond: (body: { query: string; scope: string; cursor?: string }) => Answer) {
  return mockApi((path, init) => {
    if (path === 'profile') return { body: { user: aProfile } };
    if (path === 'author-posts') return { body: aPage([aPost({ id: 3, title: 'A published story', user_id: 7 })]) };
    if (path === 'library/search') return respond(jsonBody(init) as { query: string; scope: string; cursor?: string });
    return undefined;
  });
}

const page = (posts: LibraryResult[], next: string | null = null, scope: LibrarySearchResponse['scope'] = 'all'): Answer => ({
  body: { scope, posts, next_cursor: next } satisfies LibrarySearchResponse,
});
const searches = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === '/api/user/library/search').map(([, init]) => jsonBody(init as RequestInit));

describe('searching the Library', () => {
  it('puts the words and the scope in the address and shows the results in place of the tabs, marked', async () => {
    mockIntersectionObserver();
    signIn();
    const fetchMock = api(() => page([aResult(1, { sources: ['saved', 'read'] }), aResult(2, { sources: ['written'] })]));
    const { router } = renderApp('/yourposts?tab=drafts');
    const user = userEvent.setup();
    const field = await screen.findByRole('searchbox', { name: 'Search your library' });
    await user.type(field, '  tides {Enter}');
    expect(router.state.location.pathname).toBe('/yourposts');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ tab: 'drafts', q: 'tides', scope: 'all' });
    const list = await screen.findByRole('list', { name: 'Your library: stories matching “tides”' });
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    const rows = within(list).getAllByTestId('library-result');
    expect(rows).toHaveLength(2);
    const title = within(rows[0]!).getByRole('heading');
    expect(title).toHaveTextContent('Notes on tides');
    expect(title.querySelector('mark')).toHaveTextContent('tides');
    expect(rows[0]!.querySelectorAll('mark')).toHaveLength(2);
    expect(
      within(rows[0]!)
        .getAllByTestId('library-badge')
        .map((badge) => badge.textContent),
    ).toEqual(['Saved', 'Read']);
    expect(
      within(rows[1]!)
        .getAllByTestId('library-badge')
        .map((badge) => badge.textContent),
    ).toEqual(['Written']);
    expect(within(rows[0]!).getAllByRole('link')[0]).toHaveAttribute('href', paths.viewPost.getHref(1));
    expect(searches(fetchMock)).toEqual([{ user_id: 7, query: 'tides', scope: 'all' }]);
  });

  it('looks in one place with a scope chip, read from the address too', async () => {
    mockIntersectionObserver();
    signIn();
    const fetchMock = api(({ scope }) => page([aResult(scope === 'read' ? 5 : 1, { sources: [scope === 'all' ? 'saved' : (scope as 'read')] })], null, scope as 'all'));
    const { router } = renderApp('/yourposts?q=tides&scope=saved');
    const group = await screen.findByRole('group', { name: 'Search in' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['All', 'Saved', 'Read', 'Written']);
    expect(within(group).getByRole('radio', { name: 'Saved' })).toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Search your library' })).toHaveValue('tides');
    await screen.findByTestId('library-result');
    await userEvent.setup().click(within(group).getByRole('radio', { name: 'Read' }));
    expect(new URLSearchParams(router.state.location.search).get('scope')).toBe('read');
    await waitFor(() => expect(within(screen.getByTestId('library-result')).getByRole('link', { name: /Notes on tides/ })).toHaveAttribute('href', paths.viewPost.getHref(5)));
    expect(searches(fetchMock).map((body) => (body as { scope: string }).scope)).toEqual(['saved', 'read']);
  });

  it('shows a title as text, never as HTML', async () => {
    mockIntersectionObserver();
    signIn();
    const evil = '<img src=x onerror="window.hacked=1">';
    api(() =>
      page([
        aResult(1, {
          title: [
            { text: evil, mark: false },
            { text: 'tides', mark: true },
          ],
          snippet: [{ text: '<b>bold</b>', mark: true }],
        }),
      ]),
    );
    renderApp('/yourposts?q=tides&scope=all');
    const row = await screen.findByTestId('library-result');
    expect(within(row).getByRole('heading')).toHaveTextContent(`${evil}tides`);
    expect(row.querySelector('h2 img, p b')).toBeNull();
    expect(row).toHaveTextContent('<b>bold</b>');
  });

  it('pages with the cursor as the reader scrolls', async () => {
    const observer = mockIntersectionObserver();
    signIn();
    const fetchMock = api(({ cursor }) => (cursor ? page([aResult(3), aResult(4)]) : page([aResult(1), aResult(2)], 'next-1')));
    renderApp('/yourposts?q=tides&scope=all');
    const list = await screen.findByRole('list', { name: /stories matching/ });
    expect(within(list).getAllByTestId('library-result')).toHaveLength(2);
    observer.reveal(screen.getByTestId('sentinel'));
    await waitFor(() => expect(within(list).getAllByTestId('library-result')).toHaveLength(4));
    expect(searches(fetchMock)).toEqual([
      { user_id: 7, query: 'tides', scope: 'all' },
      { user_id: 7, query: 'tides', scope: 'all', cursor: 'next-1' },
    ]);
    expect(screen.queryByTestId('sentinel')).not.toBeInTheDocument();
  });

  it('says when nothing matches, and when the search fails', async () => {
    signIn();
    let fail = false;
    api(() => (fail ? { status: 500, body: { message: 'Something went wrong.' } } : page([], null, 'written')));
    const first = renderApp('/yourposts?q=kelp&scope=written');
    expect(await screen.findByText('None of your stories match “kelp”.')).toBeInTheDocument();
    first.unmount();
    fail = true;
    renderApp('/yourposts?q=kelp');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your library cannot be searched right now.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('clears with the ×, back to the tab it was on', async () => {
    mockIntersectionObserver();
    signIn();
    api(() => page([aResult(1)]));
    const { router } = renderApp('/yourposts?tab=drafts&q=tides&scope=read');
    await screen.findByTestId('library-result');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear search' }));
    expect(router.state.location.search).toBe('?tab=drafts');
    expect(await screen.findByRole('tab', { name: 'Drafts' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('searchbox', { name: 'Search your library' })).toHaveValue('');
    expect(screen.queryByRole('group', { name: 'Search in' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('library-result')).not.toBeInTheDocument();
  });
});
