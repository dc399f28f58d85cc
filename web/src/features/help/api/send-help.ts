import { useMutation } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { useNotice } from '../../../components/NoticeProvider';

/** POST /api/user/help {message, user_id}: a help request. */
export function sendHelp(userId: string, message: string) {
  return apiRequest('help', { body: { user_id: Number(userId), message }, schema: 'messageResponse' });
}

export function useSendHelp(userId: string) {
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: (message: string) => sendHelp(userId, message),
    onSuccess: (answer) => showNotice(answer.message, 'success_light'),
    onError: (error) => showNotice((isApiError(error) && error.message) || 'Your message could not be sent. Please try again.', 'danger_light'),
  });
}
