import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@inkwell/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/user/resend-verification {email}: answers the same whether or not the address exists. */
export function resendVerification(body: { email: string }): Promise<MessageResponse> {
  return apiRequest('resend-verification', { body, schema: 'messageResponse' });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
