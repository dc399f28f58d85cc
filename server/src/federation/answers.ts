import type { Context, Federation } from '@fedify/fedify';
import { Mention, Note, PUBLIC_COLLECTION } from '@fedify/vocab';
import { paths } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { actorName, noticeText, notify } from '../notify/notify.ts';
import { findArticle } from './articles.repository.ts';
import { creationOf, instant } from './articles.ts';
import { nowIso } from '../db/database.ts';
import { HttpError, notFound } from '../lib/errors.ts';
import { NO_USERNAME, federatingMember, numericId } from './actor-member.ts';
import { STORY_REPLY_MARK, storyReplyNoteAt } from './story-replies.ts';
import { type Addressee, type AnswerRow, addMemberAnswer, findComment, findMemberAnswer, listThreadAccounts, removeRemoteCommentFor } from './remote-comments.repository.ts';
import type { NoteChange, PostDeliveries } from './post-deliveries.ts';
import { recipientOf } from './remote-actor.ts';
import { actAs, deletionOf } from './member-acts.ts';
import { noteHtml } from './note-text.ts';

/** Where a member's answer lives as an ActivityPub object. */
export const NOTE_PATH = '/ap/notes/{id}';
export const ANSWER_SENT = 'Your reply is on its way.';
export const REPLY_NOT_FOUND = 'Reply not found.';

/**
 * A member's answer in a fediverse thread as a `Note` (ADR 0073): by the member's actor, inReplyTo the
 * reply it answers, mentioning that reply's author, public and addressed to the thread's accounts
 * elsewhere, its url the story's page at the answer.
 */
export function toNote(ctx: Context<void>, row: AnswerRow, accounts: readonly Addressee[], publicUrl: string): Note {
  const mention = accounts.find((account) => account.uri === row.answered_actor);
  return new Note({
    id: ctx.getObjectUri(Note, { id: String(row.id) }),
    attribution: ctx.getActorUri(String(row.user_id)),
    replyTarget: row.in_reply_to ? new URL(row.in_reply_to) : ctx.getObjectUri(Note, { id: String(row.in_reply_to_id) }),
    content: noteHtml(row.body, mention),
    url: new URL(`${paths.viewPost.getHref(row.post_id)}#fediverse-${row.id}`, publicUrl),
    published: instant(row.created_at),
    updated: row.updated_at > row.created_at ? instant(row.updated_at) : null,
    to: PUBLIC_COLLECTION,
    ccs: accounts.map((account) => new URL(account.uri)),
    tags: mention ? [new Mention({ href: new URL(mention.uri), name: mention.handle })] : [],
  });
}

/** The answer of this id as its Note, while its member federates (or a member's reply to a story elsewhere, `s<id>`); else null. */
async function noteAt(ctx: Context<void>, database: Database, id: string, publicUrl: string): Promise<Note | null> {
  if (id.startsWith(STORY_REPLY_MARK)) return storyReplyNoteAt(ctx, database, id.slice(STORY_REPLY_MARK.length));
  const answerId = numericId(id);
  const row = answerId === undefined ? undefined : await findMemberAnswer(database.db, answerId);
  if (!row || !(await federatingMember(database, String(row.user_id)))) return null;
  return toNote(ctx, row, await listThreadAccounts(database.db, row.thread_id, row.user_id), publicUrl);
}

/** Members' answers as objects (`/ap/notes/<id>`), and their replies to stories elsewhere (`/ap/notes/s<id>`), which the servers they are sent to may read back. */
export function serveAnswers(federation: Federation<void>, database: Database, publicUrl: string): void {
  federation.setObjectDispatcher(Note, NOTE_PATH, (ctx, { id }) => noteAt(ctx, database, id, publicUrl));
}

/** What a member's answer is as a note owed to the fediverse (federation_deliveries.subject `answer:<id>`). */
const ANSWER = 'answer';

/**
 * A member answers a reply from the fediverse (ADR 0073): the answer joins its thread under the story
 * (counted in its comments, told to the story's writer) and goes to the thread's accounts elsewhere as a `Create` of a `Note`,
 * signed by the member's actor. It is owed in the transaction that keeps it (post-deliveries.ts) and
 * handed to Fedify's queue after the commit (retried as every delivery is), so a crash between the two
 * loses nothing; taking it back owes its Delete the same way. The member must federate: a username,
 * which is their handle there.
 */
export class FediverseAnswers {
  readonly #database: Database;
  readonly #federation: Federation<void>;
  readonly #publicUrl: string;
  readonly #deliveries: PostDeliveries;

  constructor(database: Database, federation: Federation<void>, publicUrl: string, deliveries: PostDeliveries) {
    this.#database = database;
    this.#federation = federation;
    this.#publicUrl = publicUrl;
    this.#deliveries = deliveries;
    deliveries.sendsNotes(ANSWER, (change) => this.#send(change));
  }

  async answer(userId: number, postId: number, replyToId: number, body: string): Promise<number> {
    const { db } = this.#database;
    const member = await federatingMember(this.#database, String(userId));
    if (!member) throw new HttpError(422, NO_USERNAME, { reply: [NO_USERNAME] });
    const answered = await findComment(db, { id: replyToId, postId });
    if (!answered) throw notFound(REPLY_NOT_FOUND);
    // An answer to the thread's first reply names no other (as one from the fediverse does not).
    const threadId = answered.thread_id ?? answered.id;
    const now = nowIso();
    const story = await findArticle(db, postId);
    const kept = async (trx: Kysely<DB>, commentId: number) => {
      if (story) await notify.fediverse.answer(trx, story, { memberId: userId, commentId }, noticeText.replyToOwner(actorName(member.name), story.title), now);
      await this.#deliveries.oweNote(trx, ANSWER, { kind: 'create', id: commentId, writerId: userId, recipients: [] });
    };
    const id = await addMemberAnswer(db, { post_id: postId, user_id: userId, thread_id: threadId, reply_to_id: answered.thread_id === null ? null : answered.id, body, now }, kept);
    this.#deliveries.wake();
    return id;
  }

  /**
   * Removes the reply `id` as the member `userId` may (removeRemoteCommentFor), and owes a Delete of
   * each member's answer it took to the accounts they went to, in the same transaction.
   */
  async remove(id: number, userId: number): Promise<boolean> {
    const removed = await removeRemoteCommentFor(this.#database.db, id, userId, async (trx, { answers, accounts }) => {
      if (accounts.length === 0) return;
      for (const answer of answers) await this.#deliveries.oweNote(trx, ANSWER, { kind: 'delete', id: answer.id, writerId: answer.user_id, recipients: accounts });
    });
    if (removed?.answers.length) this.#deliveries.wake();
    return removed !== undefined;
  }

  /**
   * Hands an owed answer over: its Create to the thread's accounts as they are now (none the member
   * blocked since; nothing when it is gone), or its Delete to whom it went to; nothing when its member
   * no longer federates.
   */
  async #send(change: NoteChange): Promise<void> {
    // A member who no longer federates sends nothing (their actor answers 410 Gone).
    if (!(await federatingMember(this.#database, String(change.writerId)))) return;
    const member = actAs(this.#federation, this.#publicUrl, change.writerId);
    const noteId = member.ctx.getObjectUri(Note, { id: String(change.id) });
    if (change.kind === 'delete') {
      if (change.recipients.length > 0) await member.send(change.recipients.map(recipientOf), deletionOf(noteId, member.me), { preferSharedInbox: true });
      return;
    }
    const { db } = this.#database;
    const row = await findMemberAnswer(db, change.id);
    if (!row) return;
    const accounts = await listThreadAccounts(db, row.thread_id, row.user_id);
    if (accounts.length > 0) await member.send(accounts.map(recipientOf), creationOf(toNote(member.ctx, row, accounts, this.#publicUrl)), { preferSharedInbox: true });
  }
}
