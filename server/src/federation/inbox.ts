import type { Federation } from '@fedify/fedify';
import { Announce, Create, Delete, Follow, Like, Undo, Update } from '@fedify/vocab';
import type { Database } from '../db/database.ts';
import { listenForFollows, undoFollow } from './follows.ts';
import { listenForFollowAnswers } from './follow-answers.ts';
import { listenForReactions, undoReaction } from './reactions.ts';
import { deleteReply, editReply, receiveReply } from './replies.ts';
import { deleteStory, receiveStory, updateStory } from './remote-stories.ts';

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * What the inboxes do with a verified activity (ADR 0068, 0071, 0073): Follow (follows.ts), Like and
 * Announce (reactions.ts), Create of a story of an account followed (remote-stories.ts) or of a reply
 * (replies.ts), Accept and Reject of a member's Follow (follow-answers.ts); Undo of a follow, like or boost, and
 * Update and Delete of a reply, routed by their object. Fedify allows one listener per type, so
 * Undo, Update and Delete are here. A listener that throws is logged; Fedify's queue retries it.
 */
export function listenToInboxes(federation: Federation<void>, database: Database, log: Logger, wrote: () => Promise<void>): void {
  const inbox = federation.setInboxListeners('/ap/users/{identifier}/inbox', '/ap/inbox');
  listenForFollows(inbox, database, log, wrote);
  listenForReactions(inbox, database, wrote);
  listenForFollowAnswers(inbox, database);
  inbox
    // A story of an account a member follows, or else a reply to one of ours.
    .on(Create, async (ctx, create) => {
      if (!(await receiveStory(ctx, database, create))) await receiveReply(ctx, database, wrote, create);
    })
    .on(Undo, async (ctx, undo) => {
      if (!undo.actorId) return;
      const object = await undo.getObject(ctx).catch(() => null);
      if (object instanceof Follow) await undoFollow(ctx, database, log, wrote, undo.actorId, object);
      else if (object instanceof Like || object instanceof Announce) await undoReaction(database, wrote, undo.actorId, object);
    })
    .on(Update, async (ctx, update) => {
      await editReply(ctx, database, wrote, update);
      await updateStory(ctx, database, update);
    })
    .on(Delete, async (_ctx, deletion) => {
      if (!deletion.actorId || !deletion.objectId) return;
      await deleteReply(database, wrote, deletion.actorId, deletion.objectId);
      await deleteStory(database, deletion.actorId, deletion.objectId);
    })
    .onError((_ctx, err) => log.warn({ err }, 'an inbox listener failed'));
}
