import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/post/details {post_id, user_id?}: the post with its body, author and comments. */
export async function getPostDetails(postId: number, viewerId: string | undefined, signal?: AbortSignal) {
  const body = viewerId ? { post_id: postId, user_id: Number(viewerId) } : { post_id: postId };
  const data = await api(endpoints.postDetails, body, { signal });
  return data.post;
}

/** Under ['posts', …] so likes and saves reach it too. */
export const postDetailsQueryOptions = (postId: number, viewerId: string | undefined) =>
  queryOptions({
    queryKey: ['posts', 'detail', postId, viewerId ?? 'visitor'],
    queryFn: ({ signal }) => getPostDetails(postId, viewerId, signal),
    staleTime: 30_000,
  });

export function usePostDetails(postId: number, viewerId: string | undefined) {
  return useQuery(postDetailsQueryOptions(postId, viewerId));
}
