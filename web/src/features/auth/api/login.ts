import { useMutation } from '@tanstack/react-query';
import { TEXT, type LoginBody, type LoginResponse } from '@inkwell/contract';
import { useNotice } from '../../../components/NoticeProvider';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/login: stores the session cookies (token, id) on success (SPEC §4). */
export async function login(body: LoginBody): Promise<LoginResponse> {
  const data = await api(endpoints.login, body);
  setSession(data.user.id);
  return data;
}

/**
 * Signing in sets the session, so the sign-in screen goes away before a call's own callbacks could run:
 * the welcome back of a deactivated account is said here, on whatever screen comes next.
 */
export function useLogin() {
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: login,
    onSuccess: (data) => {
      if (data.message === TEXT.accountReactivated) showNotice(data.message, 'success_light', { carry: true });
    },
  });
}
