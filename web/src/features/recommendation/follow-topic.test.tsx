import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@inkwell/contract';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { aPage, mockIntersectionObserver, signIn } from '../../test/posts';

/** A topic's page: Follow / Following, the same choice as Manage Category, with its count of followers. */
function api(initial: number[]) {
  let chosen = [...initial];
  let followers = 4 + initial.length;
  return mockApi((path, init) => {
    if (path === 'categories') return { body: { categories: [{ id: 3, name: 'Science', description: 'Discoveries.', followers_count: followers }] } };
    if (path === 'profile') return { body: { user: { ...aProfile, id: 9 } } };
    if (path === 'categories-name') return { body: { posts: aPage([]) } };
    if (path === 'user-categories') return { body: chosen.map((category_id) => ({ category_id })) };
    if (path === 'selected-category') {
      const { category_id, status } = jsonBody(init) as { category_id: number; status: string };
      chosen = status === 'active' ? [...chosen, category_id] : chosen.filter((id) => id !== category_id);
      followers += status === 'active' ? 1 : -1;
      return { body: { message: 'ok', status } };
    }
    return undefined;
  });
}

describe('a topic’s page', () => {
  it('follows the topic and unfollows it again, the count moving with it', async () => {
    mockIntersectionObserver();
    signIn(9);
    const fetchMock = api([]);
    renderApp(paths.categoryPosts.getHref(3));
    expect(await screen.findByRole('heading', { level: 1, name: 'Science' })).toBeInTheDocument();
    const button = await screen.findByRole('button', { name: 'Follow' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.getByText('4 followers')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('5 followers')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/selected-category'));
    expect(jsonBody(sent[0]![1] as RequestInit)).toEqual({ user_id: 9, category_id: 3, status: 'active' });

    await user.click(screen.getByRole('button', { name: 'Following' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByText('4 followers')).toBeInTheDocument();
  });

  it('says Following for a topic the reader already chose', async () => {
    mockIntersectionObserver();
    signIn(9);
    api([3]);
    renderApp(paths.categoryPosts.getHref(3));
    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(screen.getByText('5 followers')).toBeInTheDocument();
  });
});
