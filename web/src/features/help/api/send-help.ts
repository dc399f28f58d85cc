import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { useNotice } from '../../../components/NoticeProvider';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/help {message, user_id}: a help request. */
export function sendHelp(userId: string, message: string) {
  return api(endpoints.help, { user_id: Number(userId), message });
}

export function useSendHelp(userId: string) {
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: (message: string) => sendHelp(userId, message),
    onSuccess: (answer) => showNotice(answer.message, 'success_light'),
    onError: (error) => showNotice((isApiError(error) && error.message) || 'Your message could not be sent. Please try again.', 'danger_light'),
  });
}
