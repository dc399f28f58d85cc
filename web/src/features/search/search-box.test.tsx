import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SEARCH_DEBOUNCE_MS, encodeId } from '@inkwell/contract';
import { jsonBody, mockApi, renderApp } from '../../test/render';
import { aPage, mockIntersectionObserver } from '../../test/posts';

const results = {
  users: [{ id: 20, name: 'Grace Hopper', profile_picture: null }],
  posts: [
    { id: 5, title: 'Why compilers matter', image: null },
    { id: 6, title: 'Compilers, again', image: null },
  ],
};
const noResults = { type: 'posts', posts: [], people: [], topics: [], next_cursor: null };

function api(answer = results) {
  return mockApi((path) => {
    if (path === 'search') return { body: answer };
    if (path === 'search/results') return { body: noResults };
    if (path === 'view-posts') return { body: aPage([]) };
    if (path === 'get-profile-data')
      return { body: { data: { id: 20, name: 'Grace Hopper', username: null, bio: null, profile_picture: null, post_count: 0, followers_count: 0, following_count: 0 } } };
    return undefined;
  });
}
const searchCalls = (fetchMock: ReturnType<typeof api>) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/search'));
const box = () => screen.getByRole('combobox', { name: 'Search people and posts' });

describe('Search in the top bar', () => {
  it(`asks once, ${SEARCH_DEBOUNCE_MS} ms after typing stops, and lists people and posts that lead to their pages`, async () => {
    mockIntersectionObserver();
    const fetchMock = api();
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.type(box(), 'compil');
    expect(searchCalls(fetchMock)).toHaveLength(0);
    expect(await screen.findByRole('status')).toHaveTextContent(/Searching/);
    expect(box()).toHaveAttribute('aria-expanded', 'true');

    await screen.findByRole('option', { name: /Grace Hopper/ }, { timeout: 3000 });
    const list = screen.getByRole('listbox', { name: 'Search results' });
    expect(box()).toHaveAttribute('aria-controls', list.id);
    const people = within(list).getByRole('group', { name: 'People' });
    expect(within(people).getByRole('option', { name: /Grace Hopper/ })).toHaveAttribute('href', `/view-profile/${encodeId(20)}`);
    const posts = within(list).getByRole('group', { name: 'Posts' });
    expect(within(posts).getByRole('option', { name: /Why compilers matter/ })).toHaveAttribute('href', `/view-post/${encodeId(5)}`);
    expect(within(list).getByRole('option', { name: 'All results for “compil”' })).toHaveAttribute('href', '/search?q=compil');
    expect(searchCalls(fetchMock)).toHaveLength(1);
    expect(jsonBody(searchCalls(fetchMock)[0]![1] as RequestInit)).toEqual({ query: 'compil' });

    await user.click(within(people).getByRole('option', { name: /Grace Hopper/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/view-profile/${encodeId(20)}`));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('moves through the suggestions with the arrow keys and opens the chosen one with Enter', async () => {
    mockIntersectionObserver();
    api();
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.type(box(), 'compil');
    await screen.findByRole('option', { name: /Grace Hopper/ }, { timeout: 3000 });
    const list = screen.getByRole('listbox', { name: 'Search results' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Grace Hopper', 'Why compilers matter', 'Compilers, again', 'All results for “compil”']);
    expect(box()).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    // Up from the first wraps to the last, down from the last to the first.
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[3]!.id);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[2]!.id);
    // Focus never left the box.
    expect(box()).toHaveFocus();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/view-post/${encodeId(6)}`));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('opens the results page with Enter when no suggestion is chosen', async () => {
    mockIntersectionObserver();
    api();
    const { router } = renderApp('/');
    const user = userEvent.setup();
    // At once: no need to wait for the suggestions.
    await user.type(box(), 'a & b{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=a%20%26%20b');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “a & b”' })).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('says when nothing matches, and Escape closes the suggestions', async () => {
    mockIntersectionObserver();
    api({ users: [], posts: [] });
    renderApp('/');
    const user = userEvent.setup();
    await user.type(box(), 'zzz');
    expect(await screen.findByText('No people or posts match “zzz”.', undefined, { timeout: 3000 })).toBeInTheDocument();
    // Even then, all results (bodies, topics) are one Enter away.
    expect(screen.getByRole('option', { name: 'All results for “zzz”' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    // Typing opens them again; a click elsewhere on the page closes them.
    await user.type(box(), 'z');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
