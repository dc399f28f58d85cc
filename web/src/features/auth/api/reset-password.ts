import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginResponse, ResetPasswordBody } from '@inkwell/contract';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';
import * as endpoints from '@inkwell/contract/calls';

/**
 * POST /api/user/reset-password {token, password, password_confirmation}: the server ends every session
 * of the account and signs this browser in (it sets the cookies, as login does).
 */
export async function resetPassword(body: ResetPasswordBody): Promise<LoginResponse> {
  const data = await api(endpoints.resetPassword, body);
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
