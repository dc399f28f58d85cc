import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/session';
import { mockIntersectionObserver, signIn } from '../../../test/posts';
import { useReadBeacons } from './use-read-beacons';

let fetchMock: ReturnType<typeof vi.fn>;
const sent = () => fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), body: String((init as RequestInit).body), keepalive: (init as RequestInit).keepalive }));

/** Runs the hook past the task that caches the session cookie, as a page does. */
async function mount(postId: number, active = true) {
  const hook = renderHook(({ id, on }) => useReadBeacons(id, on), { initialProps: { id: postId, on: active } });
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return hook;
}

beforeEach(() => {
  mockIntersectionObserver();
  fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  clearSession();
});

describe('useReadBeacons', () => {
  it('tells the server a signed-in reader opened the story, with the view, as a keepalive call', async () => {
    signIn(7);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await mount(42);
    expect(sent()).toEqual([
      { url: '/api/user/stats/view', body: '{"post_id":42}', keepalive: true },
      { url: '/api/user/history/add', body: '{"user_id":7,"post_id":42}', keepalive: true },
    ]);
  });

  it('sends no history/add for a visitor', async () => {
    clearSession();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await mount(42);
    expect(sent().map((call) => call.url)).toEqual(['/api/user/stats/view']);
  });

  it('sends nothing while inactive (the author’s own story), and one history/add per story opened', async () => {
    signIn(7);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const hook = await mount(42, false);
    expect(sent()).toEqual([]);
    hook.rerender({ id: 42, on: true });
    hook.rerender({ id: 43, on: true });
    expect(
      sent()
        .filter((call) => call.url.endsWith('/history/add'))
        .map((call) => call.body),
    ).toEqual(['{"user_id":7,"post_id":42}', '{"user_id":7,"post_id":43}']);
  });

  it('does not fail the page when the call fails', async () => {
    signIn(7);
    fetchMock.mockRejectedValue(new TypeError('offline'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await expect(mount(42)).resolves.toBeDefined();
    expect(sent()).toHaveLength(2);
  });
});
