import { queryOptions, useQuery } from '@tanstack/react-query';
import * as endpoints from '@inkwell/contract/calls';
import { api } from '../../../lib/api-client';

/** POST /api/user/fediverse-replies {post_id}: the story's replies from the fediverse, as threads, oldest first. */
export const fediverseRepliesQueryOptions = (postId: number) =>
  queryOptions({
    // Under ['posts', …]: what refreshes a story's page refreshes these too.
    queryKey: ['posts', 'fediverse-replies', postId],
    queryFn: async ({ signal }) => (await api(endpoints.fediverseReplies, { post_id: postId }, { signal })).comments,
    staleTime: 30_000,
  });

export const useFediverseReplies = (postId: number) => useQuery(fediverseRepliesQueryOptions(postId));
