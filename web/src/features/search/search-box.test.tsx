import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SEARCH_DEBOUNCE_MS, encodeId } from '@inkwell/contract';
import { jsonBody, mockApi, renderApp } from '../../test/render';
import { aPage, mockIntersectionObserver } from '../../test/posts';

const results = {
  users: [{ id: 20, name: 'Grace Hopper', profile_picture: null }],
  posts: [{ id: 5, title: 'Why compilers matter', image: null }],
};

function api(answer = results) {
  return mockApi((path) => {
    if (path === 'search') return { body: answer };
    if (path === 'view-posts') return { body: aPage([]) };
    if (path === 'get-profile-data') return { body: { data: { id: 20, name: 'Grace Hopper', username: null, bio: null, profile_picture: null, post_count: 0, followers_count: 0, following_count: 0 } } };
    return undefined;
  });
}
const searchCalls = (fetchMock: ReturnType<typeof api>) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/search'));

describe('Search in the top bar', () => {
  it(`asks once, ${SEARCH_DEBOUNCE_MS} ms after typing stops, and lists people and posts that lead to their pages`, async () => {
    mockIntersectionObserver();
    const fetchMock = api();
    const { router } = renderApp('/');
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Search people and posts' });
    await user.type(box, 'compil');
    expect(searchCalls(fetchMock)).toHaveLength(0);
    const panel = await screen.findByRole('region', { name: 'Search results' });
    expect(within(panel).getByText(/Searching/)).toBeInTheDocument();

    const people = await within(panel).findByRole('region', { name: 'People' }, { timeout: 3000 });
    expect(within(people).getByRole('link', { name: /Grace Hopper/ })).toHaveAttribute('href', `/view-profile/${encodeId(20)}`);
    expect(within(panel).getByRole('link', { name: /Why compilers matter/ })).toHaveAttribute('href', `/view-post/${encodeId(5)}`);
    expect(searchCalls(fetchMock)).toHaveLength(1);
    expect(jsonBody(searchCalls(fetchMock)[0]![1] as RequestInit)).toEqual({ query: 'compil' });

    await user.click(within(people).getByRole('link', { name: /Grace Hopper/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/view-profile/${encodeId(20)}`));
    expect(screen.queryByRole('region', { name: 'Search results' })).not.toBeInTheDocument();
  });

  it('says when nothing matches, and Escape closes the results', async () => {
    mockIntersectionObserver();
    api({ users: [], posts: [] });
    renderApp('/');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search people and posts' }), 'zzz');
    expect(await screen.findByText('No people or posts match “zzz”.', undefined, { timeout: 3000 })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Search results' })).not.toBeInTheDocument();
    // Typing opens them again; a click elsewhere on the page closes them.
    await user.type(screen.getByRole('searchbox', { name: 'Search people and posts' }), 'z');
    expect(await screen.findByRole('region', { name: 'Search results' })).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.queryByRole('region', { name: 'Search results' })).not.toBeInTheDocument();
  });
});
