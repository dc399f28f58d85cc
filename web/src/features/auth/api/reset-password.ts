import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginResponse, ResetPasswordBody } from '@inkwell/contract';
import { apiRequest } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

/**
 * POST /api/user/reset-password {token, password, password_confirmation}: the server ends every session
 * of the account and signs this browser in (it sets the cookies, as login does).
 */
export async function resetPassword(body: ResetPasswordBody): Promise<LoginResponse> {
  const data = await apiRequest('reset-password', { body, schema: 'loginResponse' });
  setSession(data.user.id);
  return data;
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // Whatever was cached belonged to the visitor, or to whoever was signed in here before.
    onSuccess: () => queryClient.clear(),
  });
}
