import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { HISTORY_MESSAGES, type HistoryResponse } from '@inkwell/contract';
import { useNotice } from '../../../components/NoticeProvider';
import { api, isApiError } from '../../../lib/api-client';
import { historyQueryKey } from './get-history';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/history/remove {user_id, post_id}: {message, removed} (the same when it was not there). */
export function removeHistoryEntry(userId: string, postId: number) {
  return api(endpoints.historyRemove, { user_id: Number(userId), post_id: postId });
}

/** Forgets one story: its card leaves the list at once; the library's search forgets it was read. */
export function useRemoveHistoryEntry(userId: string) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: (postId: number) => removeHistoryEntry(userId, postId),
    onSuccess: (answer, postId) => {
      queryClient.setQueryData<InfiniteData<HistoryResponse, string | null>>(
        historyQueryKey(userId),
        (data) => data && { ...data, pages: data.pages.map((page) => ({ ...page, entries: page.entries.filter((entry) => entry.post.id !== postId) })) },
      );
      showNotice(answer.message || HISTORY_MESSAGES.removed, 'success_light');
      void queryClient.invalidateQueries({ queryKey: ['library', 'search', userId] });
    },
    onError: (error) => {
      showNotice((isApiError(error) && error.message) || 'That story could not be removed from your history.', 'danger_light');
    },
  });
}
