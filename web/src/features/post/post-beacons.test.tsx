import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@inkwell/contract';
import { mockApi, renderApp } from '../../test/render';
import { aPost, aPostDetail, mockIntersectionObserver, signIn } from '../../test/posts';

vi.mock('../../components/PostBody', () => ({
  PostBody: ({ html }: { html: string }) => <div data-testid="post-body">{html}</div>,
}));

/** Post 1 by user 20. */
function api() {
  return mockApi((path) => {
    if (path === 'post/details') return { body: { post: aPostDetail({ id: 1, user_id: 20, title: 'Counted story' }) } };
    if (path === 'posts/related') return { body: { related_posts: [aPost({ id: 9 })] } };
    if (path === 'draft-preview') {
      const preview = {
        title: 'A draft',
        sub_title: 'Soon',
        category_id: 1,
        description: '<p>Draft body</p>',
        image: null,
        read_time: 1,
        updated_at: '2026-03-01T10:00:00.000Z',
        publish_at: null,
        author: { id: 20, name: 'Grace Hopper', profile_picture: null },
      };
      return { body: { preview } };
    }
    if (path.startsWith('stats/')) return { status: 204 };
    return undefined;
  });
}

const beacons = (fetchMock: ReturnType<typeof api>) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).startsWith('/api/user/stats/'))
    .map(([url, init]) => ({ url: String(url), body: (init as RequestInit).body, keepalive: (init as RequestInit).keepalive, credentials: (init as RequestInit).credentials }));
const endOfBody = () => document.querySelector('article > div.h-px')!;

let hidden = false;
Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
afterEach(() => {
  hidden = false;
});

describe('the post page’s stats beacons', () => {
  it('send a view once the post is shown and a read once the end of the body comes into view, once each', async () => {
    const observer = mockIntersectionObserver();
    const fetchMock = api();
    renderApp(paths.viewPost.getHref(1));
    await screen.findByRole('heading', { level: 1, name: 'Counted story' });
    await waitFor(() => expect(beacons(fetchMock)).toEqual([{ url: '/api/user/stats/view', body: '{"post_id":1}', keepalive: true, credentials: undefined }]));
    act(() => observer.reveal(endOfBody()));
    act(() => observer.reveal(endOfBody()));
    expect(beacons(fetchMock).map((b) => b.url)).toEqual(['/api/user/stats/view', '/api/user/stats/read']);
    expect(beacons(fetchMock)[1]!.body).toBe('{"post_id":1}');
  });

  it('wait for a tab opened in the background to be looked at', async () => {
    mockIntersectionObserver();
    hidden = true;
    const fetchMock = api();
    renderApp(paths.viewPost.getHref(1));
    await screen.findByRole('heading', { level: 1, name: 'Counted story' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(beacons(fetchMock)).toEqual([]);
    hidden = false;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(beacons(fetchMock).map((b) => b.url)).toEqual(['/api/user/stats/view']);
  });

  it('are not sent for the author’s own story, nor from a draft’s preview', async () => {
    const observer = mockIntersectionObserver();
    signIn(20);
    const fetchMock = api();
    const own = renderApp(paths.viewPost.getHref(1));
    await screen.findByRole('heading', { level: 1, name: 'Counted story' });
    act(() => observer.reveal(endOfBody()));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    own.unmount();
    renderApp(paths.draftPreview.getHref('secret-token'));
    expect(await screen.findByRole('heading', { level: 1, name: 'A draft' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(beacons(fetchMock)).toEqual([]);
  });
});
