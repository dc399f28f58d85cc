import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@inkwell/contract';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/resend-verification {email}: answers the same whether or not the address exists. */
export function resendVerification(body: { email: string }): Promise<MessageResponse> {
  return api(endpoints.resendVerification, body);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
