import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostCard } from '@inkwell/contract';
import { type CallBody, api, isApiError } from '../../../lib/api-client';
import { useNotice } from '../../../components/NoticeProvider';
import { retryWhenBusy } from '../../../lib/busy-retry';
import { restorePosts, snapshotPosts, updatePost, type PostsSnapshot } from './post-cache';
import * as endpoints from '@inkwell/contract/calls';

/** The call's body, as contract/src/calls.ts names it. */
export type LikeVariables = CallBody<typeof endpoints.like>;

/** POST /api/user/like {user_id, post_id, status 1|0}: answers the stored is_like and likes_count. */
export function likePost(body: LikeVariables) {
  return api(endpoints.like, body);
}

function withLike(post: PostCard, liked: boolean): PostCard {
  if (post.is_like === liked) return post;
  return { ...post, is_like: liked, likes_count: Math.max(0, post.likes_count + (liked ? 1 : -1)) };
}

/**
 * SPEC §4 Like: the heart and count change at once in every list; a refusal puts them back with a
 * notice. A server too busy for it (503 with Retry-After) gets it again after the wait, the heart
 * staying as pressed meanwhile (lib/busy-retry.ts); the presses on one post go in order.
 */
export function useLikePost(postId: number) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation<Awaited<ReturnType<typeof likePost>>, Error, LikeVariables, { snapshot: PostsSnapshot }>({
    mutationFn: likePost,
    ...retryWhenBusy(`like:${postId}`),
    onMutate: (variables) => {
      const snapshot = snapshotPosts(queryClient);
      updatePost(queryClient, variables.post_id, (post) => withLike(post, variables.status === 1));
      return { snapshot };
    },
    onError: (error, _variables, context) => {
      restorePosts(queryClient, context?.snapshot);
      showNotice((isApiError(error) && error.message) || 'Your like could not be saved.', 'danger_light');
    },
    onSuccess: (answer, variables) => {
      updatePost(queryClient, variables.post_id, (post) => ({ ...post, is_like: answer.is_like, likes_count: answer.likes_count }));
    },
  });
}
