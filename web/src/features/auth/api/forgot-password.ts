import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, MessageResponse } from '@inkwell/contract';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/forgot-password {email}: the same answer whether or not the address has an account. */
export function forgotPassword(body: ForgotPasswordBody): Promise<MessageResponse> {
  return api(endpoints.forgotPassword, body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
