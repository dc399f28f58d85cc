import { z } from 'zod';
import { idField } from './common.ts';
import { caseServer, pastAction, pastCase } from './console.ts';

/**
 * One account in the moderation console (issue 47), a member or an account elsewhere alike: who it is,
 * what is in force on it now, its earlier actions and the cases about it, how its own reports fared,
 * and for an account elsewhere how this server stands with its server.
 */

/** POST /api/mod/account {id}: the account as staff see it (404 when there is none). */
export const modAccountBody = z.object({ id: idField('account id') });

export const modAccountResponse = z.object({
  account: z.object({
    id: z.number(),
    name: z.string().nullable(),
    /** A member's e-mail address, or an account elsewhere's handle. */
    address: z.string().nullable(),
    elsewhere: z.boolean(),
    /** Its profile: here for a member, on its own server for an account elsewhere. */
    href: z.string(),
    joined_at: z.string(),
    /** When its owner closed it; null while open. */
    deactivated_at: z.string().nullable(),
    /** Its staff role, or null for a reader. */
    role: z.string().nullable(),
    posts: z.number(),
    followers: z.number(),
  }),
  /** The actions on it now in force (not lifted, not ended), newest first. */
  in_force: z.array(pastAction),
  /** Its earlier actions (lifted or ended) and the cases about it, newest first (of its last 20 actions and 20 cases). */
  history: z.object({ actions: z.array(pastAction), cases: z.array(pastCase) }),
  /** Its own reports here, and how many of them were acted on. */
  reports: z.object({ reports: z.number(), upheld: z.number() }),
  /** For an account elsewhere, how this server stands with its server; null for a member. */
  server: caseServer.nullable(),
});
export type ModAccountResponse = z.infer<typeof modAccountResponse>;
