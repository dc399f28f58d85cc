import { useMutation } from '@tanstack/react-query';
import { loginResponse, type LoginBody, type LoginResponse } from '@inkwell/contract';
import { apiRequest } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

/** POST /api/user/login: stores the session cookies (token, id) on success (SPEC §4). */
export async function login(body: LoginBody): Promise<LoginResponse> {
  const data = await apiRequest('login', { body, schema: loginResponse });
  setSession(data.token, data.user.id);
  return data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
