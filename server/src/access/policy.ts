import { DRAFT_MESSAGES, STATS_MESSAGES, canDeleteComment as commentRule } from '@inkwell/contract';
import { forbidden, notFound } from '../lib/errors.ts';
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

declare const acting: unique symbol;

/**
 * The member a service acts for, as the policy allowed it (ADR 0088): only `actingFor` makes one, so
 * a service method that takes it (the library's, the newsletters', the stats', the federation's
 * look-up) cannot be called without the policy asked first.
 */
export type Acting = number & { readonly [acting]: true };

/** The caller acts for themself (a `user_id` the body names must be theirs: 403 otherwise). */
export function actingFor(auth: Pick<Auth, 'userId'>, userId: number = auth.userId): Acting {
  requireAccess(auth.userId === userId);
  return userId as Acting;
}

/** A post is changed, or deleted, by its author alone. */
export function canEditPost(auth: Pick<Auth, 'userId'>, post: { user_id: number }): boolean {
  return post.user_id === auth.userId;
}

/** A comment or reply is deleted by its author or by the owner of its post (SPEC §6): a member, or an account elsewhere by its Delete. */
export function canDeleteComment(auth: Pick<Auth, 'userId'>, target: { user_id: number; post_owner_id: number }): boolean {
  return commentRule(auth.userId, target.user_id, target.post_owner_id);
}

/** A comment or reply on a story is hidden from its readers, or shown again, by the story's writer alone (ADR 0113). */
export function canHideComment(auth: Pick<Auth, 'userId'>, target: { post_owner_id: number }): boolean {
  return target.post_owner_id === auth.userId;
}

/** 403 with the one wording unless the rule allowed it. */
export function requireAccess(allowed: boolean): void {
  if (!allowed) throw forbidden(NOT_YOURS);
}

/** What a rule reads of the thing a call names: its author, and for a comment or reply its post's. */
export interface Owned {
  user_id: number;
  post_owner_id?: number;
}

/**
 * The rule of the endpoint table's `owns` for a thing that exists (server/src/plugins/endpoint.ts
 * asks it before the handler runs): a post is its author's, changed by nobody else (403) and its
 * private parts read by nobody else (`reading`: its numbers, 404 as for no post); a comment or reply
 * its author's or its post owner's (403), and one to hide (`story`) its post owner's alone; a draft its writer's, and anybody else's is not found (404,
 * as the drafts service answers: a draft's existence is nobody else's business).
 */
export function requireOwner(kind: 'post' | 'draft' | 'comment' | 'story', auth: Pick<Auth, 'userId'>, thing: Owned, reading = false): void {
  if (kind === 'draft') {
    if (thing.user_id !== auth.userId) throw notFound(DRAFT_MESSAGES.notFound);
    return;
  }
  if (kind === 'post') {
    const own = canEditPost(auth, thing);
    if (reading && !own) throw notFound(STATS_MESSAGES.postNotFound);
    return requireAccess(own);
  }
  if (thing.post_owner_id === undefined) throw new Error("a comment's rule needs its post's owner (post_owner_id)");
  if (kind === 'story') return requireAccess(canHideComment(auth, { post_owner_id: thing.post_owner_id }));
  requireAccess(canDeleteComment(auth, { user_id: thing.user_id, post_owner_id: thing.post_owner_id }));
}
