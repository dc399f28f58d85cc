import type { Context, InboxContext } from '@fedify/fedify';
import { type Create, Note } from '@fedify/vocab';
import type { Database } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { storedTime, storyOf } from './articles.ts';
import { findArticle } from './articles.repository.ts';
import { saveRemoteActor } from './followers.repository.ts';
import { accountIdOf } from './accounts.repository.ts';
import { noteText } from './note-text.ts';
import { type ThreadItem, editNote, findThreadItem, keepNote, removeNote } from './thread.repository.ts';
import { itemOfNoteId } from './thread-notes.ts';
import { displayName, senderOf, webAddress } from './remote-actor.ts';
import { blockedBy } from './remote-blocks.ts';
import { noticeText, notify } from '../notify/notify.ts';

/** What a Note answers here: one of our stories (it becomes a comment), or a comment or reply of one (it becomes a reply in that thread). */
async function answered(ctx: Context<void>, database: Database, target: URL | null) {
  if (!target) return undefined;
  const story = await storyOf(ctx, database, target);
  if (story) return { story, item: null };
  // One of ours (a member's comment or reply, /ap/notes/<id>), or one kept from elsewhere.
  const ours = ctx.parseUri(target);
  const by = ours ? (ours.type === 'object' && ours.class === Note ? itemOfNoteId(ours.values.id ?? '') : undefined) : { apId: target.href };
  const item: ThreadItem | undefined = by && (await findThreadItem(database.db, by));
  if (!item) return undefined;
  const parent = await findArticle(database.db, item.post_id);
  return parent ? { story: parent, item } : undefined;
}

/**
 * A reply from the fediverse is a comment (issue 46; inbox.ts hands it every Create of a Note
 * answering something, read and checked there as the actor's own): a `Note` whose inReplyTo is one of
 * our stories becomes a comment of it, one answering a comment or a reply becomes a reply in that
 * comment's thread; kept as plain text (note-text.ts), its author the account's row of users, counted
 * in the story's comments, and told to the members it concerns — unless the story's writer blocked its
 * author (then it is not kept). Update and Delete of the Note (routed here by inbox.ts) change or
 * remove it, only for the account that wrote it. `wrote` drops the cached pages that show it.
 */
export async function receiveReply(ctx: InboxContext<void>, database: Database, wrote: () => Promise<void>, create: Create, note: Note): Promise<void> {
  const to = await answered(ctx, database, note.replyTargetId);
  const body = to ? noteText(note.content?.toString() ?? '') : null;
  if (!create.actorId || !note.id || !to || !body) return;
  const { story, item } = to;
  if (await blockedBy(database, story.user_id, create.actorId)) return;
  // The member it answers, when one did, is told unless they blocked the account.
  const answeredMember = item?.member && !(await blockedBy(database, item.user_id, create.actorId)) ? item.user_id : null;
  const sender = await senderOf(ctx, create);
  if (!sender) return;
  const now = nowIso();
  const actor = await saveRemoteActor(database.db, sender.fields, now);
  const kept = await keepNote(
    database.db,
    {
      post_id: story.id,
      user_id: actor.userId,
      body,
      ap_id: note.id.href,
      url: webAddress(note.url as URL | { href?: URL | null } | null) ?? webAddress(note.id),
      created_at: storedTime(note.published, now, now),
      updated_at: now,
    },
    item,
    async (trx, source) => {
      const name = displayName(sender.fields);
      const told = { actorId: actor.userId, now };
      if (answeredMember !== null) await notify.comment(trx, story.id, source, { ...told, recipient: answeredMember, message: noticeText.fediverseAnswer(name, story.title) });
      if (answeredMember !== story.user_id)
        await notify.comment(trx, story.id, source, { ...told, recipient: story.user_id, message: noticeText.fediverseReply(name, story.title) });
    },
  );
  if (kept) await wrote();
}

/** An Update of a kept Note (`actor`: who sent it): its new text, when its author sent it. */
export async function editReply(database: Database, wrote: () => Promise<void>, actor: URL, note: Note): Promise<void> {
  const body = noteText(note.content?.toString() ?? '');
  if (!note.id || !body) return;
  const accountId = await accountIdOf(database.db, actor.href);
  if (accountId !== undefined && (await editNote(database.db, note.id.href, accountId, body, nowIso()))) await wrote();
}

/** A Delete of a kept Note (`id`: the Note's, whether it came as a Tombstone or an address), by the account that wrote it: as a comment or reply is deleted here. */
export async function deleteReply(database: Database, wrote: () => Promise<void>, actor: URL, id: URL): Promise<void> {
  if (id.origin !== actor.origin) return;
  const accountId = await accountIdOf(database.db, actor.href);
  if (accountId === undefined) return;
  if (await removeNote(database.db, id.href, accountId, (trx, of) => notify.commentDeleted(trx, of))) await wrote();
}
