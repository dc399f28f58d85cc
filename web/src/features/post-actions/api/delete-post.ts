import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { useNotice } from '../../../components/NoticeProvider';
import { removePost } from './post-cache';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/delete-posts {id}: the owner's post and everything hanging from it. */
export function deletePost(id: number) {
  return api(endpoints.deletePosts, { id });
}

/**
 * Removes the post from every cached list at once (the card disappears) and refreshes counts.
 * `carryNotice`: the screen changes right after (the deleted post's own page goes home), and the
 * notice goes along to say why.
 */
export function useDeletePost({ carryNotice = false }: { carryNotice?: boolean } = {}) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (answer, id) => {
      removePost(queryClient, id);
      showNotice(answer.message || 'Post deleted.', 'success_light', { carry: carryNotice });
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
    onError: (error) => {
      showNotice((isApiError(error) && error.message) || 'The post could not be deleted.', 'danger_light');
    },
  });
}
