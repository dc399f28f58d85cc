import type { Context, Federation } from '@fedify/fedify';
import { Article, Create, Delete, Note, Undo, Update } from '@fedify/vocab';
import type { Database } from '../db/database.ts';
import type { InboundActs } from '../deps.ts';
import { INSTANCE_ACTOR } from './actor-member.ts';
import { isBlockedAddress } from './domain-blocks.ts';
import { listenForFlags } from './flags.ts';
import { listenForFollows } from './follows.ts';
import { listenForFollowAnswers } from './follow-answers.ts';
import { listenForReactions } from './reactions.ts';
import { deleteReply, editReply, receiveReply } from './replies.ts';
import { deleteStory, receiveStory, updateStory } from './remote-stories.ts';
import { receiveUndo } from './undo.ts';

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * What the inbox's listeners work with: the database (to read what an activity names), the log,
 * `acts` (what an account elsewhere does to members' posts, comments and follows: the social
 * services a member's request calls, deps.ts; and a server's report, to the moderators) and `wrote` (after a story elsewhere or a follow's
 * answer changed: the cached pages go).
 */
export interface InboxDeps {
  database: Database;
  log: Logger;
  acts: InboundActs;
  wrote: () => Promise<void>;
}

/**
 * The Article or Note a Create or Update carries, when its actor wrote it on its own server: attributed
 * to the actor, its id on the actor's server (an object claiming to be another server's is not taken
 * on this one's word).
 */
async function ownObject(ctx: Context<void>, activity: Create | Update): Promise<Article | Note | null> {
  const actor = activity.actorId;
  const object = await activity.getObject(ctx).catch(() => null);
  if (!actor || !(object instanceof Article || object instanceof Note) || !object.id) return null;
  if (object.attributionId?.href !== actor.href || object.id.origin !== actor.origin) return null;
  return object;
}

/** A Note answering something is a reply (replies.ts); an Article, or a Note answering nothing, a story (remote-stories.ts). */
const isReply = (object: Article | Note): object is Note => object instanceof Note && object.replyTargetId !== null;

/**
 * What the inboxes do with a verified activity (ADR 0068, 0071, 0073): Follow (follows.ts), Like and
 * Announce (reactions.ts), Create of a story of an account followed (remote-stories.ts) or of a reply
 * (replies.ts), Accept and Reject of a member's Follow (follow-answers.ts); Undo of a follow, like or boost
 * (undo.ts, ADR 0079: judged by its own actor); Flag, a server's report (flags.ts, ADR 0095); Update and Delete of a reply or a story, routed by their
 * object (read once, here). Fedify allows one
 * listener per type, so Create, Undo, Update and Delete are here. A listener that throws is logged; Fedify's queue retries it.
 *
 * What the inboxes fetch is signed (authorized fetch, as Mastodon's secure mode and GoToSocial ask): a
 * member's inbox by that member's key (Fedify's own), the shared inbox by the instance actor's — the
 * sender's key when its signature is checked, and the object and actor of what it sent.
 */
export function listenToInboxes(federation: Federation<void>, deps: InboxDeps): void {
  const { database, log, wrote } = deps;
  const inbox = federation.setInboxListeners('/ap/users/{identifier}/inbox', '/ap/inbox').setSharedKeyDispatcher(() => ({ identifier: INSTANCE_ACTOR }));
  listenForFollows(inbox, deps);
  listenForReactions(inbox, deps);
  listenForFollowAnswers(inbox, deps);
  listenForFlags(inbox, deps);
  inbox
    // A reply to one of ours, or a story of an account a member follows: the object read once, from
    // an actor of another server whose server is not blocked.
    .on(Create, async (ctx, create) => {
      const actor = create.actorId;
      if (!actor || ctx.parseUri(actor) || (await isBlockedAddress(database.db, actor))) return;
      const object = await ownObject(ctx, create);
      if (!object) return;
      if (isReply(object)) await receiveReply(ctx, deps, create, object);
      else if (!object.replyTargetId) await receiveStory(database, wrote, actor, object);
    })
    .on(Undo, (ctx, undo) => receiveUndo(ctx, deps, undo))
    .on(Update, async (ctx, update) => {
      const actor = update.actorId;
      if (!actor || (await isBlockedAddress(database.db, actor))) return;
      const object = await ownObject(ctx, update);
      if (!object) return;
      if (isReply(object)) await editReply(deps, actor, object);
      else if (!object.replyTargetId) await updateStory(database, wrote, actor, object);
    })
    .on(Delete, async (_ctx, deletion) => {
      if (!deletion.actorId || !deletion.objectId) return;
      await deleteReply(deps, deletion.actorId, deletion.objectId);
      await deleteStory(database, wrote, deletion.actorId, deletion.objectId);
    })
    .onError((_ctx, err) => log.warn({ err }, 'an inbox listener failed'));
}
