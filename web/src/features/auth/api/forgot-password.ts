import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, MessageResponse } from '@inkwell/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/user/forgot-password {email}: the same answer whether or not the address has an account. */
export function forgotPassword(body: ForgotPasswordBody): Promise<MessageResponse> {
  return apiRequest('forgot-password', { body, schema: 'messageResponse' });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
