import type { Context, Federation } from '@fedify/fedify';
import { Article, Mention, Note, PUBLIC_COLLECTION } from '@fedify/vocab';
import { paths } from '@inkwell/contract';
import type { Database } from '../db/database.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { DomainEventBus, DomainEvents } from '../events/domain-events.ts';
import { creationOf, instant } from './articles.ts';
import { federatingMember, numericId } from './actor-member.ts';
import { type Addressee, type MemberNoteRow, type ThreadItem, findMemberNote, listMemberReplies, listThreadAccounts, threadHasAccounts } from './thread.repository.ts';
import { type NoteChange, type PostDeliveries, oweNoteChange } from './post-deliveries.ts';
import { recipientOf } from './remote-actor.ts';
import { actAs, deletionOf } from './member-acts.ts';
import { noteHtml } from './note-text.ts';

/**
 * Where a member's comment (`c<id>`) or reply (`r<id>`) lives as an ActivityPub object; a member's reply
 * to a story elsewhere published before migration 0057 (now a comment) kept its Note's `s<n>`.
 */
export const NOTE_PATH = '/ap/notes/{id}';
const COMMENT_MARK = 'c';
const REPLY_MARK = 'r';
const STORY_REPLY_MARK = 's';

/** What a member's reply is as a note owed to the fediverse (federation_deliveries.subject `reply:<replies id>`). */
const REPLY = 'reply';
/** A member's comment on a story of an account elsewhere (`comment:<comments id>`); a comment on ours goes nowhere. */
const COMMENT = 'comment';
/**
 * A member's answer published before migration 0054 (`/ap/notes/<n>`), owed its Delete by that id
 * (`answer:<n>`; 0054 made the owed Creates `reply:<id>`).
 */
const ANSWER = 'answer';
/** A member's reply to a story elsewhere published before migration 0057 (`/ap/notes/s<n>`), owed its Delete by that id (`story-reply:<n>`). */
const STORY_REPLY = 'story-reply';
const PATH_PREFIX = NOTE_PATH.replace('{id}', '');

/** Under which subject and id a member's comment or reply is owed: one of before 0054 or 0057 by the id its Note kept, else its own. */
function owedAs(item: Pick<ThreadItem, 'kind' | 'id' | 'ap_id'>): [string, number] {
  const kept = item.ap_id?.startsWith(PATH_PREFIX) ? item.ap_id.slice(PATH_PREFIX.length) : undefined;
  const answer = kept === undefined ? undefined : numericId(kept);
  if (answer !== undefined) return [ANSWER, answer];
  const storyReply = kept?.startsWith(STORY_REPLY_MARK) ? numericId(kept.slice(STORY_REPLY_MARK.length)) : undefined;
  if (storyReply !== undefined) return [STORY_REPLY, storyReply];
  return [item.kind === 'comment' ? COMMENT : REPLY, item.id];
}

/**
 * The Note id of a comment or reply: an account elsewhere's own, or ours — a path kept from before
 * migration 0054 (`/ap/notes/<n>`, a member's answer then), else `/ap/notes/c<id>` or `/ap/notes/r<id>`.
 */
export function noteIdOf(ctx: Context<void>, item: Pick<ThreadItem, 'kind' | 'id' | 'ap_id'>): URL {
  if (item.ap_id !== null) return new URL(item.ap_id, ctx.canonicalOrigin);
  return ctx.getObjectUri(Note, { id: `${item.kind === 'comment' ? COMMENT_MARK : REPLY_MARK}${item.id}` });
}

/** What a Note id of ours names: a comment, a reply, or one published before 0054 or 0057 (by its kept path). */
export function itemOfNoteId(id: string): { comment: number } | { reply: number } | { apId: string } | undefined {
  const mark = id.slice(0, 1);
  if (mark === COMMENT_MARK || mark === REPLY_MARK) {
    const n = numericId(id.slice(1));
    return n === undefined ? undefined : mark === COMMENT_MARK ? { comment: n } : { reply: n };
  }
  const kept = mark === STORY_REPLY_MARK ? id.slice(1) : id;
  return numericId(kept) === undefined ? undefined : { apId: NOTE_PATH.replace('{id}', id) };
}

/**
 * A member's comment or reply as a `Note` (ADR 0073): by the member's actor, inReplyTo the story (a
 * comment: ours, or a story elsewhere by its id there) or what the reply answers, mentioning that one's
 * author (or the story's) when an account elsewhere wrote it;
 * public, addressed to the thread's accounts elsewhere; its url the story's page at it.
 */
export function toNote(ctx: Context<void>, row: MemberNoteRow, accounts: readonly Addressee[]): Note {
  // Whom it answers, when an account elsewhere: the author of what the reply answers, or the story's account.
  const answeredAccount = row.answered ? (row.answered.member ? undefined : row.answered.user_id) : row.story?.user_id;
  const mention = answeredAccount === undefined ? undefined : accounts.find((account) => account.user_id === answeredAccount);
  const story = row.story ? new URL(row.story.ap_id) : ctx.getObjectUri(Article, { id: String(row.post_id) });
  return new Note({
    id: noteIdOf(ctx, row),
    attribution: ctx.getActorUri(String(row.user_id)),
    replyTarget: row.answered ? noteIdOf(ctx, row.answered) : story,
    content: noteHtml(row.body, mention),
    url: new URL(`${paths.viewPost.getHref(row.post_id)}#${row.kind}-${row.id}`, ctx.canonicalOrigin),
    published: instant(row.created_at),
    updated: row.updated_at > row.created_at ? instant(row.updated_at) : null,
    to: PUBLIC_COLLECTION,
    ccs: accounts.map((account) => new URL(account.uri)),
    tags: mention ? [new Mention({ href: new URL(mention.uri), name: mention.handle })] : [],
  });
}

/** The Note of this id while its member federates; else null. */
async function noteAt(ctx: Context<void>, database: Database, id: string): Promise<Note | null> {
  const by = itemOfNoteId(id);
  const row = by && (await findMemberNote(database.db, by));
  if (!row || !(await federatingMember(database, String(row.user_id)))) return null;
  return toNote(ctx, row, await listThreadAccounts(database.db, row.comment_id, row.user_id));
}

/** Members' comments and replies as objects (`/ap/notes/<id>`), which the servers they are sent to may read back. */
export function serveNotes(federation: Federation<void>, database: Database): void {
  federation.setObjectDispatcher(Note, NOTE_PATH, (ctx, { id }) => noteAt(ctx, database, id));
}

/** A member's comment or reply in a thread with accounts elsewhere owes its Create (federateThreads); also where no federation runs (the command line lets a held one through). */
export async function oweThreadNote(trx: Kysely<DB>, added: DomainEvents['comment.added']): Promise<void> {
  // A comment's thread has an account elsewhere only when its story is one's: that comment goes to it.
  if (!(await threadHasAccounts(trx, added.commentId))) return;
  const [what, id] = added.replyId === null ? [COMMENT, added.commentId] : [REPLY, added.replyId];
  await oweNoteChange(trx, what, { kind: 'create', id, writerId: added.writerId, recipients: [] });
}

/**
 * What a member's comment or reply causes on the fediverse (ADR 0084): a reply in a thread that an
 * account elsewhere took part in is owed to the thread's accounts as a `Create` of its Note, signed by
 * the member's actor; removing members' replies of such a thread owes their Deletes to the same
 * accounts (found before the rows go). Each is owed in the writing transaction and handed to Fedify's
 * queue after the commit (post-deliveries.ts), so a crash between the two loses nothing. A member who
 * does not federate (no username) sends nothing; their reply stays here.
 */
export function federateThreads(events: DomainEventBus, database: Database, federation: Federation<void>, publicUrl: string, deliveries: PostDeliveries): void {
  const send = () => deliveries.wake();
  events.on('comment.added', { owe: oweThreadNote, start: send });
  events.on('comment.removing', {
    owe: async (trx, removing) => {
      if (!(await threadHasAccounts(trx, removing.commentId))) return;
      const comment = removing.replyId === null ? await findMemberNote(trx, { comment: removing.commentId }) : undefined;
      if (comment?.story) {
        const accounts = await listThreadAccounts(trx, comment.comment_id, comment.user_id);
        const [what, id] = owedAs(comment);
        if (accounts.length > 0) await deliveries.oweNote(trx, what, { kind: 'delete', id, writerId: comment.user_id, recipients: accounts });
      }
      for (const reply of await listMemberReplies(trx, removing)) {
        // To whom its Create went: the thread's accounts but those its member blocked.
        const accounts = await listThreadAccounts(trx, removing.commentId, reply.user_id);
        if (accounts.length === 0) continue;
        const [what, id] = owedAs({ kind: 'reply', ...reply });
        await deliveries.oweNote(trx, what, { kind: 'delete', id, writerId: reply.user_id, recipients: accounts });
      }
    },
    start: send,
  });
  deliveries.sendsNotes(REPLY, (change) => sendItem('reply', change));
  deliveries.sendsNotes(COMMENT, (change) => sendItem('comment', change));
  // Those published before 0054 and 0057 are owed Deletes only, by the id they went out with.
  for (const [what, mark] of [
    [ANSWER, ''],
    [STORY_REPLY, STORY_REPLY_MARK],
  ] as const) {
    deliveries.sendsNotes(what, async (change) => {
      if (change.kind !== 'delete' || !(await federatingMember(database, String(change.writerId)))) return;
      const member = actAs(federation, publicUrl, change.writerId);
      await sendDelete(member, member.ctx.getObjectUri(Note, { id: `${mark}${change.id}` }), change);
    });
  }

  async function sendDelete(member: ReturnType<typeof actAs>, noteId: URL, change: NoteChange): Promise<void> {
    if (change.recipients.length > 0) await member.send(change.recipients.map(recipientOf), deletionOf(noteId, member.me), { preferSharedInbox: true });
  }

  /**
   * Hands an owed comment or reply over: its Create to the thread's accounts as they are now (none the
   * member blocked since; nothing when it is gone), or its Delete to whom it went to; nothing when its
   * member no longer federates (their actor answers 410 Gone).
   */
  async function sendItem(kind: 'comment' | 'reply', change: NoteChange): Promise<void> {
    if (!(await federatingMember(database, String(change.writerId)))) return;
    const member = actAs(federation, publicUrl, change.writerId);
    if (change.kind === 'delete') return sendDelete(member, noteIdOf(member.ctx, { kind, id: change.id, ap_id: null }), change);
    const row = await findMemberNote(database.db, kind === 'comment' ? { comment: change.id } : { reply: change.id });
    if (!row) return;
    const accounts = await listThreadAccounts(database.db, row.comment_id, row.user_id);
    if (accounts.length > 0) await member.send(accounts.map(recipientOf), creationOf(toNote(member.ctx, row, accounts)), { preferSharedInbox: true });
  }
}
