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
import { type Addressee, type AnswerRow, type RemovedAnswers, addMemberAnswer, findComment, findMemberAnswer, listThreadAccounts } from './remote-comments.repository.ts';
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

/**
 * A member answers a reply from the fediverse (ADR 0073): the answer joins its thread under the story
 * (counted in its comments, told to the story's writer) and goes to the thread's accounts elsewhere as a `Create` of a `Note`,
 * signed by the member's actor, through Fedify's queue (retried as every delivery is). The member must
 * federate: a username, which is their handle there.
 */
export class FediverseAnswers {
  readonly #database: Database;
  readonly #federation: Federation<void>;
  readonly #publicUrl: string;

  constructor(database: Database, federation: Federation<void>, publicUrl: string) {
    this.#database = database;
    this.#federation = federation;
    this.#publicUrl = publicUrl;
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
    const told = async (trx: Kysely<DB>, commentId: number) => {
      if (story) await notify.fediverse.answer(trx, story, { memberId: userId, commentId }, noticeText.replyToOwner(actorName(member.name), story.title), now);
    };
    const id = await addMemberAnswer(db, { post_id: postId, user_id: userId, thread_id: threadId, reply_to_id: answered.thread_id === null ? null : answered.id, body, now }, told);
    const row = await findMemberAnswer(db, id);
    const accounts = await listThreadAccounts(db, threadId, userId);
    if (row && accounts.length > 0) {
      const member = actAs(this.#federation, this.#publicUrl, userId);
      await member.send(accounts.map(recipientOf), creationOf(toNote(member.ctx, row, accounts, this.#publicUrl)), { preferSharedInbox: true });
    }
    return id;
  }

  /** Removed answers taken back from the accounts they went to: a Delete of each, by its member. */
  async retract(removed: RemovedAnswers): Promise<void> {
    if (removed.accounts.length === 0) return;
    for (const answer of removed.answers) {
      const member = actAs(this.#federation, this.#publicUrl, answer.user_id);
      const noteId = member.ctx.getObjectUri(Note, { id: String(answer.id) });
      await member.send(removed.accounts.map(recipientOf), deletionOf(noteId, member.me), { preferSharedInbox: true });
    }
  }
}
