import type { InboxListenerSetters } from '@fedify/fedify';
import { Accept, Reject } from '@fedify/vocab';
import type { Database } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { acceptFollowing, rejectFollowing } from './following.repository.ts';

/**
 * What an account of another server answers a member's Follow of it (federation/following.ts): an
 * `Accept` makes the follow accepted, a `Reject` (then, or later to end it) removes it. Only the
 * account followed answers for it (Fedify checked the answer is signed by its actor); the Follow is
 * named by its id, whether embedded or by address. Either moves the member's following count, so
 * `wrote` drops the cached pages that show it.
 */
export function listenForFollowAnswers(inbox: InboxListenerSetters<void>, database: Database, wrote: () => Promise<void>): InboxListenerSetters<void> {
  return inbox
    .on(Accept, async (_ctx, accept) => {
      if (accept.actorId && accept.objectId && (await acceptFollowing(database.db, accept.objectId.href, accept.actorId.href, nowIso()))) await wrote();
    })
    .on(Reject, async (_ctx, reject) => {
      if (reject.actorId && reject.objectId && (await rejectFollowing(database.db, reject.objectId.href, reject.actorId.href))) await wrote();
    });
}
