import { z } from 'zod';
import { idField } from './common.ts';

/**
 * POST /api/user/deactivate and /api/user/delete-account {user_id, current_password}: the member's own
 * account, confirmed with the current password (an account without one, a Google account, confirms
 * with a sign-in made in the last 15 minutes instead, so the field may be absent).
 */
export const accountConfirmBody = z.object({
  user_id: idField('user id'),
  current_password: z.string().max(200).optional(),
});
export type AccountConfirmBody = z.infer<typeof accountConfirmBody>;
