import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '@inkwell/contract';
import { jsonBody, mockApi, renderApp } from '../../test/render';
import { aPostDetail, signIn } from '../../test/posts';

vi.mock('../../components/PostBody', () => ({
  PostBody: ({ html }: { html: string }) => <div data-testid="post-body">{html}</div>,
}));

const href = paths.viewPost.getHref(1);

/** Post 1 by Grace (20); is-following answers `following`, after `release()` when held. */
function api(following: boolean, hold = false) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const calls: Array<{ path: string; body: unknown }> = [];
  mockApi((path, init) => {
    calls.push({ path, body: init.body ? jsonBody(init) : undefined });
    if (path === 'post/details') return { body: { post: aPostDetail({ id: 1, user_id: 20 }) } };
    if (path === 'posts/related') return { body: { related_posts: [] } };
    if (path === 'follow-unfollow') {
      const { followType } = jsonBody(init) as { followType: number };
      return { body: { message: 'ok', is_following: followType === 1, followers_count: followType } };
    }
    return undefined;
  });
  // is-following is answered apart, so a test can hold it back.
  type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  const fetchMock = vi.mocked(globalThis.fetch as Fetch);
  const answer = fetchMock.getMockImplementation() as Fetch;
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (String(input).endsWith('/is-following')) {
      calls.push({ path: 'is-following', body: jsonBody(init) });
      if (hold) await held;
      return new Response(JSON.stringify({ message: '', is_following: following, followers_count: 1 }), { headers: { 'Content-Type': 'application/json' } });
    }
    return answer(input, init);
  });
  return { calls, release };
}

const bylineFollow = () => screen.findByTestId('byline-follow');

describe('Follow beside the author of a story', () => {
  it('shows Follow to a visitor, which leads to sign in', async () => {
    api(false);
    const { router } = renderApp(href);
    const box = await bylineFollow();
    await userEvent.setup().click(within(box).getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the reader’s state in a box of fixed width, and follows and unfollows', async () => {
    signIn(7);
    const { calls, release } = api(true, true);
    renderApp(href);
    const box = await bylineFollow();
    // Before the state arrives: the same box, the button waiting.
    expect(box).toHaveClass('w-[6.5rem]', 'shrink-0');
    expect(within(box).getByRole('button')).toBeDisabled();
    release();
    const following = await within(box).findByRole('button', { name: 'Following' });
    expect(box).toHaveClass('w-[6.5rem]', 'shrink-0');
    expect(calls.find((c) => c.path === 'is-following')?.body).toEqual({ user_id: 7, follow_id: 20 });

    const user = userEvent.setup();
    await user.click(following);
    expect(await within(box).findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'follow-unfollow')?.body).toEqual({ user_id: 7, follow_id: 20, followType: 0 });
    await user.click(within(box).getByRole('button', { name: 'Follow' }));
    expect(await within(box).findByRole('button', { name: 'Following' })).toBeInTheDocument();
  });

  it('shows nothing beside the author on one’s own story', async () => {
    signIn(20);
    const { calls } = api(false);
    renderApp(href);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId('byline-follow')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === 'is-following')).toBe(false);
  });
});
