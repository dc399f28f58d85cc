import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, RegisterBody } from '@inkwell/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/user/register: 201 {message}; the user then verifies the email (SPEC §4). */
export function register(body: RegisterBody): Promise<MessageResponse> {
  return apiRequest('register', { body, schema: 'messageResponse' });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
