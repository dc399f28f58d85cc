import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { encodeId, paths } from '@inkwell/contract';
import { jsonBody, mockApi, renderApp } from '../../test/render';
import { aPage, mockIntersectionObserver, signIn } from '../../test/posts';

function api() {
  return mockApi((path) => {
    if (path === 'view-posts') return { body: aPage([]) };
    if (path === 'categories')
      return {
        body: {
          categories: [
            { id: 3, name: 'Science', description: null, followers_count: 2 },
            { id: 4, name: 'Poetry', description: null, followers_count: 1 },
          ],
        },
      };
    if (path === 'recommended-categories')
      return {
        body: {
          recommended_categories: [
            { id: 3, name: 'Science', followers_count: 2 },
            { id: 4, name: 'Poetry', followers_count: 1 },
          ],
        },
      };
    if (path === 'recommended-posts')
      return { body: { recommended_posts: [{ id: 8, title: 'The most loved essay', user: { id: 20, name: 'Grace Hopper', profile_picture: null, followers_count: 5 } }] } };
    if (path === 'recommended-users')
      return { body: { recommended_users: [{ id: 21, name: 'Ada Lovelace', username: 'ada', bio: 'Engines and poetry.', profile_picture: null, is_follow: false }] } };
    return undefined;
  });
}

describe('Home side panels', () => {
  it('shows Recommended topics, Picks and Whom to follow, each leading where it says', async () => {
    mockIntersectionObserver();
    api();
    const { router } = renderApp('/');
    const topics = await screen.findByRole('region', { name: 'Recommended topics' });
    // A visitor's topic opens the home page's tab of it (the category screen is for members, SPEC §2).
    expect(within(topics).getByRole('link', { name: 'Science' })).toHaveAttribute('href', `/?tab=catogery&category=${encodeId(3)}`);
    expect(within(topics).getByRole('link', { name: 'See more topics' })).toHaveAttribute('href', '/recommendation');
    const picks = await screen.findByRole('region', { name: 'Picks' });
    expect(within(picks).getByRole('link', { name: 'The most loved essay' })).toHaveAttribute('href', `/view-post/${encodeId(8)}`);
    const whom = await screen.findByRole('region', { name: 'Whom to follow' });
    expect(within(whom).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', `/view-profile/${encodeId(21)}`);
    expect(within(whom).getByText('Engines and poetry.')).toBeInTheDocument();

    // A visitor's Follow goes to /login.
    await userEvent.setup().click(within(whom).getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('asks as the signed-in reader', async () => {
    mockIntersectionObserver();
    signIn(9);
    const fetchMock = api();
    renderApp('/');
    await screen.findByRole('region', { name: 'Whom to follow' });
    const body = (path: string) => jsonBody(fetchMock.mock.calls.find(([url]) => String(url).endsWith(`/${path}`))![1] as RequestInit);
    expect(body('recommended-users')).toEqual({ id: 9 });
    expect(body('recommended-posts')).toEqual({ user_id: 9 });
    expect(body('recommended-categories')).toEqual({ user_id: 9 });
  });

  it("leads a member from every topic chip to the category's own screen", async () => {
    mockIntersectionObserver();
    signIn(9);
    api();
    const { router } = renderApp('/');
    const topics = await screen.findByRole('region', { name: 'Recommended topics' });
    expect(within(topics).getByRole('link', { name: 'Science' })).toHaveAttribute('href', paths.categoryPosts.getHref(3));
    expect(within(topics).getByRole('link', { name: 'Poetry' })).toHaveAttribute('href', paths.categoryPosts.getHref(4));
    await userEvent.setup().click(within(topics).getByRole('link', { name: 'Poetry' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.categoryPosts.getHref(4)));
    expect(await screen.findByRole('heading', { level: 1, name: 'Poetry' })).toBeInTheDocument();
  });

  it('puts the panels behind a disclosure above the feed on phones, beside it on wide screens', async () => {
    mockIntersectionObserver();
    api();
    renderApp('/');
    const discover = await screen.findByRole('complementary', { name: 'Discover' });
    const toggle = within(discover).getByRole('button', { name: 'Topics, picks and people to follow' });
    const panels = screen.getByTestId('side-panels');
    expect(toggle).toHaveClass('lg:hidden');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', panels.id);
    expect(panels).toHaveClass('hidden', 'lg:block');
    // Over the tabs on phones, in the HTML too (a page painted while it arrives does not move the
    // feed down), and the second column from lg up.
    const tabs = screen.getAllByRole('tab')[0]!;
    expect(discover.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(discover).toHaveClass('lg:col-start-2');

    const user = userEvent.setup();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panels).not.toHaveClass('hidden');
    expect(within(panels).getByRole('region', { name: 'Whom to follow' })).toBeInTheDocument();
    await user.click(toggle);
    expect(panels).toHaveClass('hidden');
  });
});
