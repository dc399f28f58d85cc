import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { HISTORY_MESSAGES, type HistoryResponse } from '@inkwell/contract';
import { useNotice } from '../../../components/NoticeProvider';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { historyQueryKey } from './get-history';

/** POST /api/user/history/clear {user_id}: {message, removed}; the setting stays as it is. */
export function clearHistory(userId: string) {
  return apiRequest('history/clear', { body: { user_id: Number(userId) }, schema: 'historyChangeResponse' });
}

/** Forgets every story: the list is empty at once (one empty page); the library's search forgets them too. */
export function useClearHistory(userId: string) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: () => clearHistory(userId),
    onSuccess: (answer) => {
      queryClient.setQueryData<InfiniteData<HistoryResponse, string | null>>(historyQueryKey(userId), (data) =>
        data && { pages: [{ enabled: data.pages[0]?.enabled ?? false, entries: [], next_cursor: null }], pageParams: [null] },
      );
      showNotice(answer.message || HISTORY_MESSAGES.cleared, 'success_light');
      void queryClient.invalidateQueries({ queryKey: ['library', 'search', userId] });
    },
    onError: (error) => {
      showNotice((isApiError(error) && error.message) || 'Your reading history could not be cleared.', 'danger_light');
    },
  });
}
