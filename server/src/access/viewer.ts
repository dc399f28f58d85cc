import type { FastifyRequest } from 'fastify';
import { ownAccount, requireAccess } from './policy.ts';

/**
 * On open calls the viewer is the session's user, or a visitor (0). A user_id in the body must be the
 * session's; a visitor's user_id is ignored, so nobody reads another reader's likes.
 */
export function viewer(request: FastifyRequest, userId: number | undefined): number {
  const auth = request.auth;
  if (auth && userId !== undefined) requireAccess(ownAccount(auth, userId));
  return auth?.userId ?? 0;
}
