import type { Context, InboxContext } from '@fedify/fedify';
import { type Create, Note } from '@fedify/vocab';
import type { Database } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { storedTime, storyOf } from './articles.ts';
import { findArticle } from './articles.repository.ts';
import { saveRemoteActor } from './followers.repository.ts';
import { accountIdOf } from './accounts.repository.ts';
import { noteText } from './note-text.ts';
import { type ThreadItem, findThreadItem } from './thread.repository.ts';
import { itemOfNoteId } from './thread-notes.ts';
import { senderOf, webAddress } from './remote-actor.ts';
import type { InboxDeps } from './inbox.ts';

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
 * A reply from the fediverse is a comment (issue 46, ADR 0086; inbox.ts hands it every Create of a
 * Note answering something, read and checked there as the actor's own): a `Note` whose inReplyTo is
 * one of our stories becomes a comment of it, one answering a comment or a reply becomes a reply in
 * that comment's thread, through the social service a member's comment goes through (`acts.comment`:
 * counted, told to the members it concerns, not kept when the story's writer blocked its author);
 * kept as plain text (note-text.ts), its author the account's row of users. Update and Delete of the
 * Note (routed here by inbox.ts) change or remove it, only for the account that wrote it.
 */
export async function receiveReply(ctx: InboxContext<void>, { database, acts }: InboxDeps, create: Create, note: Note): Promise<void> {
  const to = await answered(ctx, database, note.replyTargetId);
  const body = to ? noteText(note.content?.toString() ?? '') : null;
  if (!create.actorId || !note.id || !to || !body) return;
  const sender = await senderOf(ctx, create);
  if (!sender) return;
  const now = nowIso();
  const account = await saveRemoteActor(database.db, sender.fields, now);
  const { story, item } = to;
  await acts.comment(account.userId, {
    postId: story.id,
    answers: item && { kind: item.kind, id: item.id, commentId: item.comment_id },
    body,
    apId: note.id.href,
    url: webAddress(note.url as URL | { href?: URL | null } | null) ?? webAddress(note.id),
    createdAt: storedTime(note.published, now, now),
  });
}

/** An Update of a kept Note (`actor`: who sent it): its new text, when its author sent it. */
export async function editReply({ database, acts }: InboxDeps, actor: URL, note: Note): Promise<void> {
  const body = noteText(note.content?.toString() ?? '');
  if (!note.id || !body) return;
  const accountId = await accountIdOf(database.db, actor.href);
  if (accountId !== undefined) await acts.editComment(accountId, note.id.href, body);
}

/** A Delete of a kept Note (`id`: the Note's, whether it came as a Tombstone or an address), by the account that wrote it: as a comment or reply is deleted here. */
export async function deleteReply({ database, acts }: InboxDeps, actor: URL, id: URL): Promise<void> {
  if (id.origin !== actor.origin) return;
  const accountId = await accountIdOf(database.db, actor.href);
  if (accountId !== undefined) await acts.removeComment(accountId, id.href);
}
