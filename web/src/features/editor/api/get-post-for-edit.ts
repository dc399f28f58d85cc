import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/user/post/details {post_id}: the post to prefill the edit form and check its owner. */
export async function getPostForEdit(postId: number, userId: string | undefined, signal?: AbortSignal) {
  const data = await apiRequest('post/details', {
    body: { post_id: postId, ...(userId ? { user_id: Number(userId) } : {}) },
    schema: 'postDetailsResponse',
    signal,
  });
  return data.post;
}

export const postForEditQuery = (postId: number, userId: string | undefined) =>
  queryOptions({
    // The editor's own key: the form reads the post once and must not be refreshed under the writer.
    queryKey: ['editor', 'post', postId],
    queryFn: ({ signal }) => getPostForEdit(postId, userId, signal),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

export function usePostForEdit(postId: number, userId: string | undefined) {
  return useQuery({ ...postForEditQuery(postId, userId), enabled: postId > 0 });
}
