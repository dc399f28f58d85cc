import type { InboxContext, InboxListenerSetters } from '@fedify/fedify';
import { Announce, Like } from '@fedify/vocab';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { nowIso } from '../db/database.ts';
import { storyOf } from './articles.ts';
import { isBlockedAddress } from './domain-blocks.ts';
import { saveRemoteActor } from './followers.repository.ts';
import { type Kind, addReaction, removeReaction } from './reactions.repository.ts';
import { displayName, senderOf } from './remote-actor.ts';
import { blockedBy } from './remote-blocks.ts';
import { noticeText, notify } from '../notify/notify.ts';

/**
 * Likes and boosts of stories from the fediverse (ADR 0071): a `Like` of a story counts in its likes
 * beside the members' own; an `Announce` (a boost) is a row of likes of kind 'boost', shown as a count
 * with the story's fediverse replies; each tells the writer (a notification under Likes; its Undo takes it back). One of each per remote
 * account and story; none from an account the writer blocked (remote-blocks.ts).
 * `wrote` drops the cached pages that show the count, here and on every app server.
 */
export function listenForReactions(inbox: InboxListenerSetters<void>, database: Database, wrote: () => Promise<void>): InboxListenerSetters<void> {
  const react = (kind: Kind) => async (ctx: InboxContext<void>, activity: Like | Announce) => {
    if (!activity.id || !activity.actorId || ctx.parseUri(activity.actorId)) return;
    if (await isBlockedAddress(database.db, activity.actorId)) return;
    const story = await storyOf(ctx, database, activity.objectId);
    if (!story || (await blockedBy(database, story.user_id, activity.actorId))) return;
    const sender = await senderOf(ctx, activity);
    if (!sender) return;
    const now = nowIso();
    const actor = await saveRemoteActor(database.db, sender.fields, now);
    const name = displayName(sender.fields);
    const told = (trx: Kysely<DB>) =>
      kind === 'like'
        ? notify.fediverse.like(trx, story, actor.userId, noticeText.fediverseLike(name, story.title), now)
        : notify.fediverse.boost(trx, story, actor.userId, noticeText.fediverseBoost(name, story.title), now);
    const reaction = { post_id: story.id, user_id: actor.userId, kind, activity_uri: activity.id.href, created_at: now };
    if (await addReaction(database.db, reaction, told)) await wrote();
  };
  return inbox.on(Like, react('like')).on(Announce, react('announce'));
}

/**
 * Undo of a Like or an Announce (undo.ts, which checked it is `actor`'s where it names an actor): the
 * reaction kept with the activity's id ends, when it is `actor`'s own (the Undo's actor, whose
 * signature Fedify verified), of `kind` (null: whichever it was).
 */
export async function undoReaction(database: Database, wrote: () => Promise<void>, actor: URL, activityId: URL, kind: Kind | null): Promise<void> {
  const untold = async (trx: Kysely<DB>, story: { id: number; user_id: number }, accountId: number, removed: Kind) => {
    if (removed === 'like') await notify.fediverse.unlike(trx, story, accountId);
    else await notify.fediverse.unboost(trx, story, accountId);
  };
  if (await removeReaction(database.db, actor.href, activityId.href, kind, untold)) await wrote();
}
