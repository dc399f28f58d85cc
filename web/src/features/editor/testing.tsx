import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { paths } from '@inkwell/contract';
import { AppProviders, createQueryClient } from '../../app/providers';
import CreatePostRoute from '../../app/routes/create-post';
import EditPostRoute from '../../app/routes/edit-post';
import { mockApi } from '../../test/render';

/** Helpers of the writing screens' tests (each file mocks RichTextEditor itself: vi.mock is per file). */

export interface SentRequest {
  url: string;
  headers: Record<string, string>;
  body: FormData;
}

/** A stand-in XMLHttpRequest: records what is sent and answers with `reply`. */
export function mockXhr(reply: (request: SentRequest) => { status: number; body: unknown }) {
  const sent: SentRequest[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {}
    send(body: FormData) {
      const request = { url: this.url, headers: this.headers, body };
      sent.push(request);
      const answer = reply(request);
      setTimeout(() => {
        this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true } as ProgressEvent);
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

export const categories = [
  { id: 1, name: 'Technology' },
  { id: 2, name: 'Travel' },
];

export function aPostDetail(overrides: Record<string, unknown> = {}) {
  return {
    id: 42,
    user_id: 7,
    category_id: 2,
    title: 'Old title',
    sub_title: 'Old subtitle',
    image: 'posts/cover.webp',
    read_time: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    likes_count: 0,
    comments_count: 0,
    is_like: false,
    is_saved: false,
    author: { id: 7, name: 'Ada', profile_picture: null, followers_count: 0 },
    description: '<p>Old body</p>',
    user_data: { id: 7, name: 'Ada', profile_picture: null },
    comments: [],
    ...overrides,
  };
}

export function Probe({ name }: { name: string }) {
  const location = useLocation();
  return <p data-testid={name}>{`${location.pathname}${location.search}`}</p>;
}

export function renderWriting(entry: string) {
  const router = createMemoryRouter(
    [
      { path: paths.createPost.path, element: <CreatePostRoute /> },
      { path: paths.editPost.path, element: <EditPostRoute /> },
      { path: paths.home.path, element: <Probe name="home" /> },
      { path: paths.viewPost.path, element: <Probe name="view-post" /> },
    ],
    { initialEntries: [entry] },
  );
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const { unmount } = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return Object.assign(router, { unmount });
}

export function answerCategoriesAnd(details?: { status?: number; body: unknown }) {
  return mockApi((path) => {
    if (path === 'category') return { body: categories };
    if (path === 'post/details') return details;
    return undefined;
  });
}
