import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, RegisterBody } from '@inkwell/contract';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/register: 201 {message}; the user then verifies the email (SPEC §4). */
export function register(body: RegisterBody): Promise<MessageResponse> {
  return api(endpoints.register, body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
