import type { Context, InboxContext } from '@fedify/fedify';
import { type Create, Note } from '@fedify/vocab';
import type { Database } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { storedTime, storyOf } from './articles.ts';
import { findArticle } from './articles.repository.ts';
import { saveRemoteActor } from './followers.repository.ts';
import { noteText } from './note-text.ts';
import { addRemoteComment, editRemoteComment, findComment, removeRemoteComment } from './remote-comments.repository.ts';
import { numericId } from './actor-member.ts';
import { displayName, senderOf, webAddress } from './remote-actor.ts';
import { blockedBy } from './remote-blocks.ts';
import { noticeText, notify } from '../notify/notify.ts';

/** What a Note answers here: one of our stories (a new thread), or a reply in one of its threads, kept or a member's (an answer in its thread). */
async function answered(ctx: Context<void>, database: Database, target: URL | null) {
  if (!target) return undefined;
  const story = await storyOf(ctx, database, target);
  if (story) return { story, thread_id: null, reply_to_id: null, member: null };
  // One of ours (a member's answer, /ap/notes/<id>), or one kept from elsewhere.
  const ours = ctx.parseUri(target);
  const answerId = ours?.type === 'object' && ours.class === Note ? numericId(ours.values.id ?? '') : undefined;
  const comment = answerId !== undefined ? await findComment(database.db, { id: answerId }) : ours ? undefined : await findComment(database.db, { noteUri: target.href });
  if (!comment) return undefined;
  const parent = await findArticle(database.db, comment.post_id);
  return parent ? { story: parent, thread_id: comment.thread_id ?? comment.id, reply_to_id: comment.thread_id === null ? null : comment.id, member: comment.user_id } : undefined;
}

/**
 * Replies from the fediverse shown as comments (ADR 0073; inbox.ts hands it every Create of a Note
 * answering something, read and checked there as the actor's own): a `Note` whose inReplyTo is
 * one of our stories, or a reply already kept, is kept as plain text (note-text.ts) with its author,
 * counted in the story's comments and told to the story's writer, unless the writer blocked its author
 * (remote-blocks.ts). Update and Delete of the Note (routed
 * here by inbox.ts) change or remove it, only for the account that wrote it. `wrote` drops the cached
 * pages that show the count.
 */
export async function receiveReply(ctx: InboxContext<void>, database: Database, wrote: () => Promise<void>, create: Create, note: Note): Promise<void> {
  const to = await answered(ctx, database, note.replyTargetId);
  const body = to ? noteText(note.content?.toString() ?? '') : null;
  if (!create.actorId || !note.id || !to || !body) return;
  // The story's writer blocked this account: its replies are not kept (and the member it answers,
  // when that member blocked it, is not told).
  if (await blockedBy(database, to.story.user_id, create.actorId)) return;
  const memberBlocked = to.member !== null && (await blockedBy(database, to.member, create.actorId));
  const sender = await senderOf(ctx, create);
  if (!sender) return;
  const now = nowIso();
  const actor = await saveRemoteActor(database.db, sender.fields, now);
  const id = await addRemoteComment(
    database.db,
    {
      post_id: to.story.id,
      actor_id: actor.id,
      thread_id: to.thread_id,
      reply_to_id: to.reply_to_id,
      note_uri: note.id.href,
      url: webAddress(note.url as URL | { href?: URL | null } | null) ?? webAddress(note.id),
      body,
      created_at: storedTime(note.published, now, now),
      updated_at: now,
    },
    async (trx, commentId) => {
      const name = displayName(sender.fields);
      const remote = { actorId: actor.userId, commentId };
      // The member it answers hears of it as theirs; the writer, of a reply on their story.
      if (to.member !== null && !memberBlocked) await notify.fediverse.reply(trx, to.member, to.story.id, remote, noticeText.fediverseAnswer(name, to.story.title), now);
      if (to.member !== to.story.user_id) await notify.fediverse.reply(trx, to.story.user_id, to.story.id, remote, noticeText.fediverseReply(name, to.story.title), now);
    },
  );
  if (id !== undefined) await wrote();
}

/** An Update of a kept Note (`actor`: who sent it): its new text, when its author sent it. */
export async function editReply(database: Database, wrote: () => Promise<void>, actor: URL, note: Note): Promise<void> {
  const body = noteText(note.content?.toString() ?? '');
  if (!note.id || !body) return;
  if (await editRemoteComment(database.db, note.id.href, actor.href, body, nowIso())) await wrote();
}

/** A Delete of a kept Note (`id`: the Note's, whether it came as a Tombstone or an address), by the account that wrote it. */
export async function deleteReply(database: Database, wrote: () => Promise<void>, actor: URL, id: URL): Promise<void> {
  if (id.origin !== actor.origin) return;
  if (await removeRemoteComment(database.db, id.href, actor.href)) await wrote();
}
