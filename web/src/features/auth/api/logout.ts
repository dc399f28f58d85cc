import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/logout revokes the session server-side; the cookies go whatever the answer. */
export async function logout(): Promise<void> {
  try {
    await api(endpoints.logout);
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
