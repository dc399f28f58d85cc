import type { Federation } from '@fedify/fedify';
import { Follow, Reject, Undo } from '@fedify/vocab';
import type { Database } from '../db/database.ts';
import type { DomainEventBus } from '../events/domain-events.ts';
import { federatingMember } from './actor-member.ts';
import { isBlockedAddress } from './domain-blocks.ts';
import { findAccountAddress } from './followers.repository.ts';
import { actAs } from './member-acts.ts';
import type { NoteChange, PostDeliveries } from './post-deliveries.ts';
import { recipientOf } from './remote-actor.ts';

/** A member's own follow of an account elsewhere, owed to it (federation_deliveries.subject `follow:<account's users id>`, the member the writer). */
const FOLLOW = 'follow';
/** An account elsewhere's follow of a member, owed to it (`follower:<account's users id>`, the member the writer). */
const FOLLOWER = 'follower';

/**
 * What the end of a follow with an account elsewhere causes (ADR 0083, 0084): the ordinary calls end
 * it (a block, for now), `follow.removed` says so, and this module owes its server the news in the
 * same transaction: the Undo of the member's Follow of it, or the Reject of its Follow of the member
 * (as Mastodon removes a follower). Each is handed to Fedify's queue once that committed
 * (post-deliveries.ts), so a crash between the two loses nothing. A member who does not federate
 * sends nothing, nor is anything sent to a server blocked since. Between members, nothing.
 */
export function federateFollowEnds(events: DomainEventBus, database: Database, federation: Federation<void>, publicUrl: string, deliveries: PostDeliveries): void {
  events.on('follow.removed', {
    owe: async (trx, removed) => {
      if (removed.activityId === null) return;
      const [followed, follower] = await Promise.all([findAccountAddress(trx, removed.followingId), findAccountAddress(trx, removed.followerId)]);
      const end = (what: string, account: number, member: number, address: NonNullable<typeof followed>) =>
        deliveries.oweNote(trx, what, { kind: 'delete', id: account, writerId: member, recipients: [address], activityId: removed.activityId });
      if (followed && !follower) await end(FOLLOW, removed.followingId, removed.followerId, followed);
      if (follower && !followed) await end(FOLLOWER, removed.followerId, removed.followingId, follower);
    },
    start: () => deliveries.wake(),
  });
  deliveries.sendsNotes(FOLLOW, (change) => send(change, 'undo'));
  deliveries.sendsNotes(FOLLOWER, (change) => send(change, 'reject'));

  /** Hands an owed end over: the Undo of the member's Follow, or the Reject of the account's. */
  async function send(change: NoteChange, as: 'undo' | 'reject'): Promise<void> {
    const [account] = change.recipients;
    if (change.kind !== 'delete' || !account || !change.activityId) return;
    if (!(await federatingMember(database, String(change.writerId))) || (await isBlockedAddress(database.db, new URL(account.uri)))) return;
    const member = actAs(federation, publicUrl, change.writerId);
    const them = new URL(account.uri);
    if (as === 'undo') {
      const follow = new Follow({ id: new URL(change.activityId), actor: member.me, object: them });
      await member.send(recipientOf(account), new Undo({ id: member.newId('undos'), actor: member.me, object: follow }));
    } else {
      const follow = new Follow({ id: new URL(change.activityId), actor: them, object: member.me });
      await member.send(recipientOf(account), new Reject({ id: member.newId('rejects'), actor: member.me, object: follow }));
    }
  }
}
