import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/post/details {post_id}: the post to prefill the edit form and check its owner. */
export async function getPostForEdit(postId: number, userId: string | undefined, signal?: AbortSignal) {
  const data = await api(endpoints.postDetails, { post_id: postId, ...(userId ? { user_id: Number(userId) } : {}) }, { signal });
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
