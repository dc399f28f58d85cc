import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import type { PostPage } from '@inkwell/contract';
import type * as calls from '@inkwell/contract/calls';
import { api } from '../lib/api-client';

/** The calls that answer a page of posts, each next one at the next_page_url the server gave. */
type PostPageCall = typeof calls.viewPosts | typeof calls.followingPosts | typeof calls.authorPosts | typeof calls.savedPosts;

/**
 * A list that follows next_page_url (DESIGN: lists): the first page from the call's own path, each
 * next one by POSTing the same body to the URL the server gave. All post lists live under ['posts', …],
 * the root that likes, saves and deletes update.
 */
export function pagedPostsOptions(queryKey: QueryKey, fetchPage: (url: string | undefined, signal: AbortSignal) => Promise<PostPage>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam ?? undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: PostPage) => last.next_page_url ?? undefined,
    staleTime: 30_000,
  });
}

/** The fetcher of a call that answers the page itself. */
export function postPages<E extends PostPageCall>(endpoint: E, body: Parameters<typeof api<E>>[1]) {
  return (url: string | undefined, signal: AbortSignal): Promise<PostPage> =>
    (api as (e: PostPageCall, b: unknown, o: object) => Promise<PostPage>)(endpoint, body, { url, signal });
}

/** The viewer's id as API bodies carry it; visitors send none. */
export function viewerBody(viewerId: string | undefined): { user_id?: number } {
  return viewerId ? { user_id: Number(viewerId) } : {};
}
