import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { HISTORY_MESSAGES, type HistoryResponse } from '@inkwell/contract';
import { useNotice } from '../../../components/NoticeProvider';
import { api, isApiError } from '../../../lib/api-client';
import { historyQueryKey } from './get-history';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/history/clear {user_id}: {message, removed}; the setting stays as it is. */
export function clearHistory(userId: string) {
  return api(endpoints.historyClear, { user_id: Number(userId) });
}

/** Forgets every story: the list is empty at once (one empty page); the library's search forgets them too. */
export function useClearHistory(userId: string) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: () => clearHistory(userId),
    onSuccess: (answer) => {
      queryClient.setQueryData<InfiniteData<HistoryResponse, string | null>>(
        historyQueryKey(userId),
        (data) => data && { pages: [{ enabled: data.pages[0]?.enabled ?? false, entries: [], next_cursor: null }], pageParams: [null] },
      );
      showNotice(answer.message || HISTORY_MESSAGES.cleared, 'success_light');
      void queryClient.invalidateQueries({ queryKey: ['library', 'search', userId] });
    },
    onError: (error) => {
      showNotice((isApiError(error) && error.message) || 'Your reading history could not be cleared.', 'danger_light');
    },
  });
}
