import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/posts/related {id, user_id?}: same category first, then shared title words. */
export async function getRelatedPosts(postId: number, viewerId: string | undefined, signal?: AbortSignal) {
  const body = viewerId ? { id: postId, user_id: Number(viewerId) } : { id: postId };
  const data = await api(endpoints.postsRelated, body, { signal });
  return data.related_posts;
}

export const relatedPostsQueryOptions = (postId: number, viewerId: string | undefined) =>
  queryOptions({
    queryKey: ['posts', 'related', postId, viewerId ?? 'visitor'],
    queryFn: ({ signal }) => getRelatedPosts(postId, viewerId, signal),
    staleTime: 60_000,
  });

export function useRelatedPosts(postId: number, viewerId: string | undefined) {
  return useQuery(relatedPostsQueryOptions(postId, viewerId));
}
