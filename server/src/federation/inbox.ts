import type { Federation } from '@fedify/fedify';
import { Announce, Follow, Like, Undo } from '@fedify/vocab';
import type { Database } from '../db/database.ts';
import { listenForFollows, undoFollow } from './follows.ts';
import { listenForReactions, undoReaction } from './reactions.ts';

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * What the inboxes do with a verified activity (ADR 0068, 0071): Follow (follows.ts), Like and
 * Announce (reactions.ts), and Undo of any of them, routed by its object. Fedify allows one listener
 * per type, so Undo is here. A listener that throws is logged; Fedify's queue retries it.
 */
export function listenToInboxes(federation: Federation<void>, database: Database, log: Logger, wrote: () => Promise<void>): void {
  const inbox = federation.setInboxListeners('/ap/users/{identifier}/inbox', '/ap/inbox');
  listenForFollows(inbox, database, log, wrote);
  listenForReactions(inbox, database, wrote);
  inbox
    .on(Undo, async (ctx, undo) => {
      if (!undo.actorId) return;
      const object = await undo.getObject(ctx).catch(() => null);
      if (object instanceof Follow) await undoFollow(ctx, database, log, wrote, undo.actorId, object);
      else if (object instanceof Like || object instanceof Announce) await undoReaction(database, wrote, undo.actorId, object);
    })
    .onError((_ctx, err) => log.warn({ err }, 'an inbox listener failed'));
}
