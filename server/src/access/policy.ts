import { canDeleteComment as commentRule } from '@inkwell/contract';
import { forbidden } from '../lib/errors.ts';
import type { Auth } from '../plugins/session.ts';

/**
 * Who may do what to whom, in one place. Each rule answers yes or no; `requireAccess` turns a no into
 * the one 403 every call gives for what is not the caller's. A service asks before it reads or writes
 * what the call names (its first line, or the first after loading the thing asked about). What
 * belongs to no one in particular (an open post, a profile) needs no rule; a draft is looked up among
 * the caller's own only, so another's is simply not found (404), as a stranger could not tell it exists.
 */
export const NOT_YOURS = 'That belongs to another member.';

/** A member acts as themself only: a user_id in a body or an address names the caller. */
export function ownAccount(auth: Auth, userId: number): boolean {
  return auth.userId === userId;
}

/** A post is changed, or deleted, by its author alone. */
export function canEditPost(auth: Auth, post: { user_id: number }): boolean {
  return post.user_id === auth.userId;
}

/** A comment or reply is deleted by its author or by the owner of its post (SPEC §6). */
export function canDeleteComment(auth: Auth, target: { user_id: number; post_owner_id: number }): boolean {
  return commentRule(auth.userId, target.user_id, target.post_owner_id);
}

/** 403 with the one wording unless the rule allowed it. */
export function requireAccess(allowed: boolean): void {
  if (!allowed) throw forbidden(NOT_YOURS);
}
