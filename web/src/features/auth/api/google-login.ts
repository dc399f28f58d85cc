import { useMutation } from '@tanstack/react-query';
import { TEXT, type GoogleBody, type GoogleResponse } from '@inkwell/contract';
import { useNotice } from '../../../components/NoticeProvider';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/google with Google's ID token; stores the session cookies (token, id). */
export async function googleLogin(body: GoogleBody): Promise<GoogleResponse> {
  const data = await api(endpoints.google, body);
  setSession(data.id);
  return data;
}

/**
 * Signing in sets the session, so the sign-in screen goes away before a call's own callbacks could run:
 * the welcome back of a deactivated account is said here, on whatever screen comes next.
 */
export function useGoogleLogin() {
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: googleLogin,
    onSuccess: (data) => {
      if (data.message === TEXT.accountReactivated) showNotice(data.message, 'success_light', { carry: true });
    },
  });
}
