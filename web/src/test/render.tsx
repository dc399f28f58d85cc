import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type InitialEntry } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import { AppProviders, createQueryClient } from '../app/providers';
import { routes } from '../app/routes';

/**
 * The real route table in memory, with fresh providers; returns the router to read its location.
 * `prepare` fills the query cache first, as a page's server state would.
 */
export function renderApp(initialEntry: InitialEntry = '/', prepare?: (client: QueryClient) => void) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  prepare?.(queryClient);
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router };
}

type Responder = (url: string, init: RequestInit) => { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;

/** Stubs fetch; `respond` answers per path (after /api/user/), 404 otherwise. Returns the mock to inspect calls. */
export function mockApi(respond: Responder) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const answer = respond(url.replace(/^\/api\/user\//, ''), init) ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function jsonBody(init: RequestInit): unknown {
  return JSON.parse(String(init.body));
}

export const aProfile = {
  id: 7,
  name: 'Ada',
  username: 'ada',
  bio: null,
  profile_picture: null,
  post_count: 0,
  followers_count: 0,
  following_count: 0,
  email: 'adalovelace@example.com',
  email_verified: true,
  has_password: true,
  notify_like: true,
  notify_comment: true,
  notify_follow: true,
  notify_help: true,
  notify_post: false,
  saveposts: [] as Array<{ post_id: number }>,
};
