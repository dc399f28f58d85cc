import type { Federation } from '@fedify/fedify';
import { Follow, Reject, Undo } from '@fedify/vocab';
import type { Database } from '../db/database.ts';
import type { DomainEventBus } from '../events/domain-events.ts';
import { HttpError, validationError } from '../lib/errors.ts';
import { NO_USERNAME, federatingMember } from './actor-member.ts';
import { findActorMember } from './discovery.repository.ts';
import { isBlockedAddress } from './domain-blocks.ts';
import { findAccountAddress } from './followers.repository.ts';
import { requestActivity, setRequestActivity } from './following.repository.ts';
import { actAs } from './member-acts.ts';
import type { NoteChange, PostDeliveries } from './post-deliveries.ts';
import { recipientOf } from './remote-actor.ts';

/** A member's own follow of an account elsewhere, owed to it (federation_deliveries.subject `follow:<account's users id>`, the member the writer). */
const FOLLOW = 'follow';
/** An account elsewhere's follow of a member, owed to it (`follower:<account's users id>`, the member the writer). */
const FOLLOWER = 'follower';

/** What a member asking to follow an account elsewhere is told when its server is one this site does not federate with. */
export const BLOCKED_SERVER = 'This site does not federate with that server.';

/**
 * What a follow with an account elsewhere causes (ADR 0083, 0084, 0085): the ordinary calls ask and
 * end it (`/follow-unfollow`, `/block`), `follow.requested` and `follow.removed` say so, and this module
 * owes its server, in the same transaction: the Follow (its id given to the request here), the Undo
 * of the member's Follow, or the Reject of its Follow of the member (as Mastodon removes a follower).
 * Asking is refused in that transaction for a member who does not federate (no username) and for a
 * server blocked. Each is handed to Fedify's queue once that committed (post-deliveries.ts), so a
 * crash between the two loses nothing; nothing is sent to a server blocked since, nor for a member who
 * no longer federates. Between members, nothing.
 */
export function federateMemberFollows(events: DomainEventBus, database: Database, federation: Federation<void>, publicUrl: string, deliveries: PostDeliveries): void {
  events.on('follow.requested', {
    owe: async (trx, asked) => {
      const account = await findAccountAddress(trx, asked.followingId);
      if (!account) return;
      const member = await findActorMember(trx, asked.followerId);
      if (!member?.username || member.deactivated_at) throw new HttpError(422, NO_USERNAME, { follow_id: [NO_USERNAME] });
      if (await isBlockedAddress(trx, new URL(account.uri))) throw validationError({ follow_id: [BLOCKED_SERVER] });
      if ((await requestActivity(trx, asked.followerId, asked.followingId)) === null) {
        await setRequestActivity(trx, asked.followerId, asked.followingId, actAs(federation, publicUrl, asked.followerId).newId('follows').href);
      }
      await deliveries.oweNote(trx, FOLLOW, { kind: 'create', id: asked.followingId, writerId: asked.followerId, recipients: [] });
    },
    start: () => deliveries.wake(),
  });
  events.on('follow.removed', {
    owe: async (trx, removed) => {
      if (removed.activityId === null || removed.undone) return;
      const [followed, follower] = await Promise.all([findAccountAddress(trx, removed.followingId), findAccountAddress(trx, removed.followerId)]);
      const end = (what: string, account: number, member: number, address: NonNullable<typeof followed>) =>
        deliveries.oweNote(trx, what, { kind: 'delete', id: account, writerId: member, recipients: [address], activityId: removed.activityId });
      if (followed && !follower) await end(FOLLOW, removed.followingId, removed.followerId, followed);
      if (follower && !followed) await end(FOLLOWER, removed.followerId, removed.followingId, follower);
    },
    start: () => deliveries.wake(),
  });
  deliveries.sendsNotes(FOLLOW, (change) => (change.kind === 'create' ? sendFollow(change) : sendEnd(change, 'undo')));
  deliveries.sendsNotes(FOLLOWER, (change) => sendEnd(change, 'reject'));

  /** Hands an owed Follow over, while it is still asked (nothing once accepted or taken back). */
  async function sendFollow(change: NoteChange): Promise<void> {
    const [followUri, account] = await Promise.all([requestActivity(database.db, change.writerId, change.id), findAccountAddress(database.db, change.id)]);
    if (!followUri || !account || !(await federatingMember(database, String(change.writerId))) || (await isBlockedAddress(database.db, new URL(account.uri)))) return;
    const member = actAs(federation, publicUrl, change.writerId);
    await member.send(recipientOf(account), new Follow({ id: new URL(followUri), actor: member.me, object: new URL(account.uri) }));
  }

  /** Hands an owed end over: the Undo of the member's Follow, or the Reject of the account's. */
  async function sendEnd(change: NoteChange, as: 'undo' | 'reject'): Promise<void> {
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
