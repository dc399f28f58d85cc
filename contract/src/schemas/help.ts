import { z } from 'zod';
import { idField, requiredMessage } from './common.ts';

export const HELP_MESSAGE_MAX = 5000;
export const HELP_RECEIVED = 'Thank you. We have your message and will get back to you.';

/** POST /api/user/help form {message, user_id}: a help request from the signed-in user. */
export const helpBody = z.object({
  user_id: idField('user id'),
  message: z
    .string({ error: requiredMessage('message') })
    .trim()
    .min(1, 'The message field is required.')
    .max(HELP_MESSAGE_MAX, `The message may not be greater than ${HELP_MESSAGE_MAX} characters.`),
});
