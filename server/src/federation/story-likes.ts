import type { Federation } from '@fedify/fedify';
import { Like, Undo } from '@fedify/vocab';
import type { Database } from '../db/database.ts';
import type { DomainEventBus } from '../events/domain-events.ts';
import { federatingMember } from './actor-member.ts';
import { isBlockedAddress } from './domain-blocks.ts';
import { findLikeActivity, findStoryElsewhere, setLikeActivity } from './elsewhere-posts.repository.ts';
import { actAs } from './member-acts.ts';
import type { NoteChange, PostDeliveries } from './post-deliveries.ts';
import { recipientOf } from './remote-actor.ts';

/** What a member's like of a story elsewhere is as an act owed to the fediverse (federation_deliveries.subject `like:<posts id>`). */
const LIKE = 'like';

/**
 * What a member's like of a story of an account elsewhere causes (ADR 0080, 0084): the ordinary like
 * call keeps it, and this module reacts. Liking owes a signed `Like` of the story to its account, its
 * id kept with the like; unliking owes the `Undo` of that Like. Each is owed in the writing
 * transaction and handed to Fedify's queue after the commit (post-deliveries.ts). A member who does
 * not federate (no username) sends nothing, nor does one whose story's server was blocked since.
 */
export function federateLikes(events: DomainEventBus, database: Database, federation: Federation<void>, publicUrl: string, deliveries: PostDeliveries): void {
  const send = () => deliveries.wake();
  events.on('like.added', {
    owe: async (trx, added) => {
      if (added.postApId === null) return;
      const likeId = actAs(federation, publicUrl, added.userId).newId('likes');
      await setLikeActivity(trx, added.postId, added.userId, likeId.href);
      await deliveries.oweNote(trx, LIKE, { kind: 'create', id: added.postId, writerId: added.userId, recipients: [] });
    },
    start: send,
  });
  events.on('like.removed', {
    owe: async (trx, removed) => {
      if (removed.activityId === null) return;
      const story = await findStoryElsewhere(trx, removed.postId);
      if (!story) return;
      await deliveries.oweNote(trx, LIKE, { kind: 'delete', id: removed.postId, writerId: removed.userId, recipients: [story], activityId: removed.activityId });
    },
    start: send,
  });
  deliveries.sendsNotes(LIKE, sendLike);

  /** Hands an owed like over: its Like (nothing when the like or the story is gone), or the Undo of the Like it was. */
  async function sendLike(change: NoteChange): Promise<void> {
    if (!(await federatingMember(database, String(change.writerId)))) return;
    const member = actAs(federation, publicUrl, change.writerId);
    if (change.kind === 'delete') {
      const [account] = change.recipients;
      if (!account || !change.activityId || (await isBlockedAddress(database.db, new URL(account.uri)))) return;
      const story = await findStoryElsewhere(database.db, change.id);
      const undone = new Like({ id: new URL(change.activityId), actor: member.me, object: story ? new URL(story.object_uri) : null });
      await member.send(recipientOf(account), new Undo({ id: member.newId('undos'), actor: member.me, object: undone }));
      return;
    }
    const [story, likeId] = await Promise.all([findStoryElsewhere(database.db, change.id), findLikeActivity(database.db, change.id, change.writerId)]);
    if (!story || !likeId || (await isBlockedAddress(database.db, new URL(story.uri)))) return;
    await member.send(recipientOf(story), new Like({ id: new URL(likeId), actor: member.me, object: new URL(story.object_uri) }));
  }
}
