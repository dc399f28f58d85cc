import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/** POST /api/user/logout revokes the session server-side; the cookies go whatever the answer. */
export async function logout(): Promise<void> {
  try {
    await apiRequest('logout', { body: {}, schema: 'messageResponse' });
  } catch {
    // The session is ended locally either way.
  } finally {
    clearSession();
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => queryClient.clear(),
  });
}
