import { useMutation } from '@tanstack/react-query';
import { googleResponse, type GoogleBody, type GoogleResponse } from '@inkwell/contract';
import { apiRequest } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

/** POST /api/user/google with Google's ID token; stores the session cookies (token, id). */
export async function googleLogin(body: GoogleBody): Promise<GoogleResponse> {
  const data = await apiRequest('google', { body, schema: googleResponse });
  setSession(data.token, data.id);
  return data;
}

export function useGoogleLogin() {
  return useMutation({ mutationFn: googleLogin });
}
