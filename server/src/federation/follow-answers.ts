import type { InboxListenerSetters } from '@fedify/fedify';
import { Accept, Reject } from '@fedify/vocab';
import { accountIdOf } from './accounts.repository.ts';
import type { InboxDeps } from './inbox.ts';

/**
 * What an account of another server answers a member's Follow of it (federation/following.ts): an
 * `Accept` makes the follow accepted, a `Reject` (then, or later to end it) removes it, through the
 * social service that keeps follows (`acts.answer`, ADR 0086). Only the account followed answers for
 * it (Fedify checked the answer is signed by its actor); the Follow is named by its id, whether
 * embedded or by address.
 */
export function listenForFollowAnswers(inbox: InboxListenerSetters<void>, { database, acts }: InboxDeps): InboxListenerSetters<void> {
  const answer = async (actor: URL | null, follow: URL | null, accepted: boolean) => {
    const accountId = actor && follow ? await accountIdOf(database.db, actor.href) : undefined;
    if (accountId !== undefined) await acts.answer(accountId, follow!.href, accepted);
  };
  return inbox.on(Accept, (_ctx, accept) => answer(accept.actorId, accept.objectId, true)).on(Reject, (_ctx, reject) => answer(reject.actorId, reject.objectId, false));
}
