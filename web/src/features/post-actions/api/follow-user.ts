import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CallBody, api, isApiError } from '../../../lib/api-client';
import { useNotice } from '../../../components/NoticeProvider';
import { retryWhenBusy } from '../../../lib/busy-retry';
import { isFollowingQueryOptions } from './is-following';
import { restorePosts, snapshotPosts, updatePosts, type PostsSnapshot } from './post-cache';
import * as endpoints from '@inkwell/contract/calls';

/** The call's body, as contract/src/calls.ts names it. */
export type FollowVariables = CallBody<typeof endpoints.followUnfollow>;

/** POST /api/user/follow-unfollow {follow_id, followType 1|0, user_id}: answers is_following and followers_count. */
export function followUser(body: FollowVariables) {
  return api(endpoints.followUnfollow, body);
}

function setFollowers(queryClient: ReturnType<typeof useQueryClient>, authorId: number, change: (count: number) => number) {
  updatePosts(queryClient, (post) =>
    post.author?.id === authorId ? { ...post, author: { ...post.author, followers_count: Math.max(0, change(post.author.followers_count)) } } : post,
  );
}

interface FollowContext {
  snapshot: PostsSnapshot;
  previous: unknown;
}

/**
 * SPEC §4 Follow: the button flips at once; the server's is_following and followers_count then settle
 * it. A server too busy for it (503 with Retry-After) gets it again after the wait (lib/busy-retry.ts).
 */
export function useFollowUser(authorId: number) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation<Awaited<ReturnType<typeof followUser>>, Error, FollowVariables, FollowContext>({
    mutationFn: followUser,
    ...retryWhenBusy(`follow:${authorId}`),
    onMutate: (variables) => {
      const key = isFollowingQueryOptions(variables.user_id, variables.follow_id).queryKey;
      const previous = queryClient.getQueryData(key);
      const snapshot = snapshotPosts(queryClient);
      queryClient.setQueryData(key, { is_following: variables.followType === 1 });
      setFollowers(queryClient, variables.follow_id, (count) => count + (variables.followType === 1 ? 1 : -1));
      return { snapshot, previous };
    },
    onError: (error, variables, context) => {
      restorePosts(queryClient, context?.snapshot);
      queryClient.setQueryData(isFollowingQueryOptions(variables.user_id, variables.follow_id).queryKey, context?.previous as never);
      showNotice((isApiError(error) && error.message) || 'Could not update following.', 'danger_light');
    },
    onSuccess: (answer, variables) => {
      // `pending`: an account elsewhere whose server has not said yes yet (the button says Requested).
      queryClient.setQueryData(isFollowingQueryOptions(variables.user_id, variables.follow_id).queryKey, {
        is_following: answer.is_following,
        followers_count: answer.followers_count,
        pending: answer.pending,
      });
      setFollowers(queryClient, variables.follow_id, () => answer.followers_count);
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}
