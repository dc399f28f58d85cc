import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TEXT } from '@inkwell/contract';
import { type CallBody, api, isApiError } from '../../../lib/api-client';
import { useNotice } from '../../../components/NoticeProvider';
import { retryWhenBusy } from '../../../lib/busy-retry';
import { restorePosts, snapshotPosts, updatePost, type PostsSnapshot } from './post-cache';
import * as endpoints from '@inkwell/contract/calls';

/** The call's body, as contract/src/calls.ts names it. */
export type SaveVariables = CallBody<typeof endpoints.postsSave>;

/** POST /api/user/posts/save {user_id, post_id, save_unsave 1|0}. */
export function savePost(body: SaveVariables) {
  return api(endpoints.postsSave, body);
}

/**
 * SPEC §4 Save: the bookmark changes at once; then 'Post Saved' (success) or 'Post removed from saved
 * folder' (warning), and the user data (own profile with saveposts) and the saved list refresh. A
 * server too busy for it (503 with Retry-After) gets it again after the wait (lib/busy-retry.ts); the
 * notice comes once it is saved.
 */
export function useSavePost(postId: number) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation<Awaited<ReturnType<typeof savePost>>, Error, SaveVariables, { snapshot: PostsSnapshot }>({
    mutationFn: savePost,
    ...retryWhenBusy(`save:${postId}`),
    onMutate: (variables) => {
      const snapshot = snapshotPosts(queryClient);
      updatePost(queryClient, variables.post_id, (post) => ({ ...post, is_saved: variables.save_unsave === 1 }));
      return { snapshot };
    },
    onError: (error, _variables, context) => {
      restorePosts(queryClient, context?.snapshot);
      showNotice((isApiError(error) && error.message) || 'The post could not be saved.', 'danger_light');
    },
    onSuccess: (answer, variables) => {
      updatePost(queryClient, variables.post_id, (post) => ({ ...post, is_saved: answer.is_saved }));
      showNotice(answer.is_saved ? TEXT.postSaved : TEXT.postUnsaved, answer.is_saved ? 'success_light' : 'warning_light');
      void queryClient.invalidateQueries({ queryKey: ['profile', 'own', String(variables.user_id)] });
      void queryClient.invalidateQueries({ queryKey: ['posts', 'saved'] });
    },
  });
}
