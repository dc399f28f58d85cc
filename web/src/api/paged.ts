import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import type { PostPage } from '@inkwell/contract';
import { apiRequest } from '../lib/api-client';

export type PageFetcher = (url: string, body: object, signal: AbortSignal) => Promise<PostPage>;

const plainPage: PageFetcher = (url, body, signal) => apiRequest(url, { body, schema: 'postPage', signal });

/**
 * A list that follows next_page_url (DESIGN: lists): the first page from `path`, each next one by
 * POSTing the same body to the URL the server gave. All post lists live under ['posts', …], the root
 * that likes, saves and deletes update.
 */
export function pagedPostsOptions(queryKey: QueryKey, path: string, body: object, fetchPage: PageFetcher = plainPage) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam ?? path, body, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: PostPage) => last.next_page_url ?? undefined,
    staleTime: 30_000,
  });
}

/** The viewer's id as API bodies carry it; visitors send none. */
export function viewerBody(viewerId: string | undefined): { user_id?: number } {
  return viewerId ? { user_id: Number(viewerId) } : {};
}
