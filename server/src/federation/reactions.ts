import type { InboxContext, InboxListenerSetters } from '@fedify/fedify';
import { Announce, Like } from '@fedify/vocab';
import { nowIso } from '../db/database.ts';
import { accountIdOf } from './accounts.repository.ts';
import { storyOf } from './articles.ts';
import { isBlockedAddress } from './domain-blocks.ts';
import { saveRemoteActor } from './followers.repository.ts';
import type { InboxDeps } from './inbox.ts';
import { reactionsBy } from './reactions.repository.ts';
import { senderOf } from './remote-actor.ts';

/** A reaction as the inbox names it: the activity. */
export type Kind = 'like' | 'announce';
const stored = { like: 'like', announce: 'boost' } as const;

/**
 * Likes and boosts of stories from the fediverse (ADR 0071, 0086): a `Like` of a story is a like as a
 * member's is (`acts.react`: counted in its likes, told to its writer, not kept when the writer
 * blocked the account); an `Announce` (a boost) a row of likes of kind 'boost', told under Likes and
 * not counted. One of each per account and story; its Undo takes it back.
 */
export function listenForReactions(inbox: InboxListenerSetters<void>, { database, acts }: InboxDeps): InboxListenerSetters<void> {
  const react = (kind: Kind) => async (ctx: InboxContext<void>, activity: Like | Announce) => {
    if (!activity.id || !activity.actorId || ctx.parseUri(activity.actorId)) return;
    if (await isBlockedAddress(database.db, activity.actorId)) return;
    const story = await storyOf(ctx, database, activity.objectId);
    if (!story) return;
    const sender = await senderOf(ctx, activity);
    if (!sender) return;
    const account = await saveRemoteActor(database.db, sender.fields, nowIso());
    await acts.react(account.userId, story.id, stored[kind], true, activity.id.href);
  };
  return inbox.on(Like, react('like')).on(Announce, react('announce'));
}

/**
 * Undo of a Like or an Announce (undo.ts, which checked it is `actor`'s where it names an actor): the
 * reaction kept with the activity's id ends, when it is `actor`'s own (the Undo's actor, whose
 * signature Fedify verified), of `kind` (null: whichever it was), as a member's unlike does.
 */
export async function undoReaction({ database, acts }: InboxDeps, actor: URL, activityId: URL, kind: Kind | null): Promise<void> {
  const accountId = await accountIdOf(database.db, actor.href);
  if (accountId === undefined) return;
  for (const row of await reactionsBy(database.db, accountId, activityId.href, kind && stored[kind])) {
    await acts.react(accountId, row.post_id, row.kind, false, activityId.href);
  }
}
