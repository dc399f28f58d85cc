import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { HISTORY_MESSAGES, type HistoryResponse } from '@inkwell/contract';
import { useNotice } from '../../../components/NoticeProvider';
import { api, isApiError } from '../../../lib/api-client';
import { historyQueryKey } from './get-history';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/history/settings {user_id, enabled 1|0}: {message, enabled}. Turning it off keeps what it holds. */
export function setHistorySetting(userId: string, enabled: boolean) {
  return api(endpoints.historySettings, { user_id: Number(userId), enabled: enabled ? 1 : 0 });
}

type History = InfiniteData<HistoryResponse, string | null>;

const withEnabled = (data: History | undefined, enabled: boolean): History | undefined => data && { ...data, pages: data.pages.map((page) => ({ ...page, enabled })) };

/** The switch: it moves at once, and back if the server says no. */
export function useSetHistorySetting(userId: string) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  const key = historyQueryKey(userId);
  return useMutation({
    mutationFn: (enabled: boolean) => setHistorySetting(userId, enabled),
    onMutate: async (enabled) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<History>(key, (data) => withEnabled(data, enabled));
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<History>(key, (data) => withEnabled(data, answer.enabled));
      showNotice(answer.message || (answer.enabled ? HISTORY_MESSAGES.on : HISTORY_MESSAGES.off), 'success_light');
    },
    onError: (error, enabled) => {
      queryClient.setQueryData<History>(key, (data) => withEnabled(data, !enabled));
      showNotice((isApiError(error) && error.message) || 'Your reading history could not be changed.', 'danger_light');
    },
  });
}
