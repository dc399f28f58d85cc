import type { InboxContext } from '@fedify/fedify';
import { Activity, Announce, Follow, Like, type Undo } from '@fedify/vocab';
import { undoFollow } from './follows.ts';
import type { InboxDeps } from './inbox.ts';
import { undoReaction } from './reactions.ts';

/**
 * An `Undo` as the fediverse sends it (ADR 0079; inbox.ts hands it every one). It is judged by its own
 * actor, whom Fedify verified signed it; only that actor's follow, like or boost ends, and the undone
 * activity is named by its id:
 * - embedded (or read from its id) and naming an actor, that actor must be the Undo's, or nothing
 *   changes (Mastodon's shape);
 * - embedded without an actor (`@evanp/activitypub-bot`'s: `{ id, type, object }`), it is what the
 *   Undo's actor did by that id that ends;
 * - not embedded, only its id, or embedded from another origin than the Undo's (Fedify then reads it
 *   from its id rather than take it on the Undo's word), and not readable there: the follow
 *   (follows.activity_id), the like or the boost (likes.activity_id, of either kind) kept with that
 *   id ends, when it is the Undo's actor's.
 * Nobody undoes another account's follow, like or boost: the row removed is always the Undo's actor's.
 */
export async function receiveUndo(ctx: InboxContext<void>, deps: InboxDeps, undo: Undo): Promise<void> {
  const actor = undo.actorId;
  if (!actor) return;
  const undone = await undo.getObject(ctx).catch(() => null);
  if (undone instanceof Activity && undone.actorIds.some((id) => id.href !== actor.href)) return;
  const id = undone?.id ?? undo.objectId;
  if (undone instanceof Follow) await undoFollow(ctx, deps, actor, { id, objectId: undone.objectId });
  else if ((undone instanceof Like || undone instanceof Announce) && id) await undoReaction(deps, actor, id, undone instanceof Like ? 'like' : 'announce');
  else if (!(undone instanceof Activity) && id) {
    // Not read (or read as no activity): whichever of the actor's own was kept with that id.
    await undoFollow(ctx, deps, actor, { id, objectId: null });
    await undoReaction(deps, actor, id, null);
  }
}
