import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../lib/api-client';
import { useNotice } from '../components/NoticeProvider';
import { afterTuning } from './set-feed-tuning';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/feed-tuning/reset {user_id}: forgets every more, less and mute. */
export function resetFeedTuning(userId: string) {
  return api(endpoints.feedTuningReset, { user_id: Number(userId) });
}

export function useResetFeedTuning(userId: string) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: () => resetFeedTuning(userId),
    onSuccess: (answer) => {
      afterTuning(queryClient, userId, answer.tuning);
      showNotice(answer.message, 'success_light');
    },
    onError: (error) => showNotice((isApiError(error) && error.message) || 'Your feed tuning could not be reset.', 'danger_light'),
  });
}
