import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type SearchResultPost, type SearchResultsResponse, encodeId } from '@inkwell/contract';
import { jsonBody, mockApi, renderApp } from '../../test/render';
import { mockIntersectionObserver } from '../../test/posts';

const post = (id: number, title: string): SearchResultPost => ({
  id,
  title: [
    { text: '<b>Bold</b> ', mark: false },
    { text: title, mark: true },
  ],
  sub_title: 'A subtitle',
  snippet: [
    { text: '…a ', mark: false },
    { text: title, mark: true },
    { text: ' wrote <script>alert(1)</script> at dusk…', mark: false },
  ],
  image: null,
  image_width: null,
  created_at: '2026-03-04T10:00:00.000Z',
  read_time: 3,
  author: { id: 9, name: 'Ada Lovelace', profile_picture: null },
});
const empty: SearchResultsResponse = { type: 'posts', posts: [], people: [], topics: [], next_cursor: null };

function api(answer: (body: { query: string; type: string; cursor?: string }) => { status?: number; body?: unknown }) {
  return mockApi((path, init) => (path === 'search/results' ? answer(jsonBody(init) as { query: string; type: string; cursor?: string }) : undefined));
}
const calls = (fetchMock: ReturnType<typeof api>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/search/results')).map(([, init]) => jsonBody(init as RequestInit));

describe('/search, the results page', () => {
  it('shows posts with the matched words marked, as text, and loads more as the reader scrolls', async () => {
    const observer = mockIntersectionObserver();
    const fetchMock = api(({ cursor }) => ({
      body: cursor ? { ...empty, posts: [post(2, 'kestrel')] } : { ...empty, posts: [post(1, 'Kestrel')], next_cursor: 'p_next' },
    }));
    renderApp('/search?q=kestrel');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “kestrel”' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Search results for “kestrel” · Inkwell'));
    expect(screen.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'Posts matching “kestrel”' });
    const first = within(list).getAllByTestId('search-post')[0]!;
    const title = within(first).getByRole('heading', { level: 2 });
    expect(title).toHaveTextContent('<b>Bold</b> Kestrel');
    expect(title.querySelector('b')).toBeNull();
    expect([...first.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Kestrel', 'Kestrel']);
    expect(first).toHaveTextContent('…a Kestrel wrote <script>alert(1)</script> at dusk…');
    expect(first.querySelector('script')).toBeNull();
    expect(within(first).getAllByRole('link', { name: /Kestrel/ })[0]).toHaveAttribute('href', `/view-post/${encodeId(1)}`);
    expect(within(first).getByRole('link', { name: /Ada Lovelace/ })).toHaveAttribute('href', `/view-profile/${encodeId(9)}`);
    expect(first).toHaveTextContent('3 min read');

    observer.reveal(screen.getByTestId('sentinel'));
    await waitFor(() => expect(within(list).getAllByTestId('search-post')).toHaveLength(2));
    expect(calls(fetchMock)).toEqual([
      { query: 'kestrel', type: 'posts' },
      { query: 'kestrel', type: 'posts', cursor: 'p_next' },
    ]);
    expect(screen.queryByTestId('sentinel')).not.toBeInTheDocument();
  });

  it('switches tabs through the address: people and topics, each with its own empty text', async () => {
    mockIntersectionObserver();
    const fetchMock = api(({ type }) => ({
      body:
        type === 'people'
          ? {
              ...empty,
              type,
              people: [
                {
                  id: 4,
                  name: [
                    { text: 'Grace ', mark: false },
                    { text: 'Hopper', mark: true },
                  ],
                  username: [{ text: 'hopper', mark: true }],
                  bio: [{ text: 'Compilers.', mark: false }],
                  profile_picture: null,
                  followers_count: 1,
                },
              ],
            }
          : { ...empty, type },
    }));
    const { router } = renderApp('/search?q=hopper');
    const user = userEvent.setup();
    expect(await screen.findByText('No posts match “hopper”.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'People' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=hopper&type=people'));
    const person = await screen.findByTestId('search-person');
    expect(person).toHaveAttribute('href', `/view-profile/${encodeId(4)}`);
    expect(person).toHaveTextContent('Grace Hopper@hopper · 1 followerCompilers.');
    expect([...person.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Hopper', 'hopper']);
    await user.click(screen.getByRole('tab', { name: 'Topics' }));
    expect(await screen.findByText('No topics match “hopper”.')).toBeInTheDocument();
    expect(calls(fetchMock).map((c) => (c as { type: string }).type)).toEqual(['posts', 'people', 'topics']);
  });

  it('says when search fails, and tries again', async () => {
    mockIntersectionObserver();
    let fail = true;
    api(() => (fail ? { status: 503, body: { message: 'Busy' } } : { body: { ...empty, posts: [post(1, 'Owl')] } }));
    renderApp('/search?q=owl');
    const user = userEvent.setup();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Search is not available right now.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('search-post')).toHaveTextContent('Owl');
  });

  it('asks for nothing without a query', async () => {
    mockIntersectionObserver();
    const fetchMock = api(() => ({ body: empty }));
    renderApp('/search');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(calls(fetchMock)).toEqual([]);
  });
});
