import type { Context, Federation } from '@fedify/fedify';
import { Mention, Note, PUBLIC_COLLECTION } from '@fedify/vocab';
import { FEDIVERSE_REPLY_NOT_FOUND, FEDIVERSE_STORY_NOT_FOUND, FEDIVERSE_STORY_REPLY_DELETED, FEDIVERSE_STORY_REPLY_SENT } from '@inkwell/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { HttpError, notFound, validationError } from '../lib/errors.ts';
import { route } from '../plugins/endpoint.ts';
import { NO_USERNAME, federatingMember, numericId } from './actor-member.ts';
import { creationOf, instant } from './articles.ts';
import { isBlockedAddress } from './domain-blocks.ts';
import { noteHtml } from './note-text.ts';
import { recipientOf } from './remote-actor.ts';
import { actAs, deletionOf } from './member-acts.ts';
import { storySeenBy } from './remote-stories.repository.ts';
import { FOLLOWING_MESSAGES } from './following.ts';
import { type StoryReplyRow, addStoryReply, findStoryReply, removeStoryReply } from './story-replies.repository.ts';
import type { NoteChange, PostDeliveries } from './post-deliveries.ts';

/** A member's reply to a story elsewhere is the object `/ap/notes/s<id>` (answers.ts serves the Notes, members' answers by their bare id). */
export const STORY_REPLY_MARK = 's';
const noteUri = (ctx: Context<void>, replyId: number) => ctx.getObjectUri(Note, { id: `${STORY_REPLY_MARK}${replyId}` });

/**
 * The reply as its `Note`: by the member's actor, inReplyTo the story, opening with the mention of its
 * account; public, addressed to that account.
 */
export function storyReplyNote(ctx: Context<void>, row: StoryReplyRow): Note {
  return new Note({
    id: noteUri(ctx, row.id),
    attribution: ctx.getActorUri(String(row.user_id)),
    replyTarget: new URL(row.object_uri),
    content: noteHtml(row.body, row),
    published: instant(row.created_at),
    to: PUBLIC_COLLECTION,
    cc: new URL(row.uri),
    tags: [new Mention({ href: new URL(row.uri), name: row.handle })],
  });
}

/** The reply of this id (digits after the mark) as its Note, while its member federates; else null. */
export async function storyReplyNoteAt(ctx: Context<void>, database: Database, id: string): Promise<Note | null> {
  const replyId = numericId(id);
  const row = replyId === undefined ? undefined : await findStoryReply(database.db, replyId);
  if (!row || !(await federatingMember(database, String(row.user_id)))) return null;
  return storyReplyNote(ctx, row);
}

/** What a member's reply to a story elsewhere is as a note owed to the fediverse (federation_deliveries.subject `story-reply:<id>`). */
const STORY_REPLY = 'story-reply';

/**
 * Members reply to stories of accounts they follow on other servers (issue 30): the reply is kept
 * here (the member sees it under the story) and goes to the story's account as a `Create` of a
 * `Note` answering it, signed by the member's actor; the account's server shows it with the story's
 * replies (an Inkwell server as a comment). Taking it back sends a Delete. Each is owed in the
 * transaction that keeps or removes the reply and handed to Fedify's queue after the commit (post-deliveries.ts).
 */
export class FediverseStoryReplies {
  readonly #database: Database;
  readonly #federation: Federation<void>;
  readonly #publicUrl: URL;
  readonly #deliveries: PostDeliveries;

  constructor(database: Database, federation: Federation<void>, publicUrl: string, deliveries: PostDeliveries) {
    this.#database = database;
    this.#federation = federation;
    this.#publicUrl = new URL(publicUrl);
    this.#deliveries = deliveries;
    deliveries.sendsNotes(STORY_REPLY, (change) => this.#send(change));
  }

  async reply(userId: number, storyId: number, body: string): Promise<number> {
    const { db } = this.#database;
    if (!(await federatingMember(this.#database, String(userId)))) throw new HttpError(422, NO_USERNAME, { reply: [NO_USERNAME] });
    const story = await storySeenBy(db, userId, storyId);
    if (!story) throw notFound(FEDIVERSE_STORY_NOT_FOUND);
    if (await isBlockedAddress(db, new URL(story.uri))) throw validationError({ reply: [FOLLOWING_MESSAGES.blockedServer] });
    const id = await addStoryReply(db, { story_id: storyId, user_id: userId, body, created_at: nowIso() }, (trx, replyId) =>
      this.#deliveries.oweNote(trx, STORY_REPLY, { kind: 'create', id: replyId, writerId: userId, recipients: [] }),
    );
    this.#deliveries.wake();
    return id;
  }

  /** Removes the member's reply, and owes its Delete to the story's account in the same transaction; false when it is not theirs. */
  async remove(replyId: number, userId: number): Promise<boolean> {
    const removed = await removeStoryReply(this.#database.db, replyId, userId, (trx, row) =>
      this.#deliveries.oweNote(trx, STORY_REPLY, { kind: 'delete', id: row.id, writerId: userId, recipients: [row] }),
    );
    if (removed) this.#deliveries.wake();
    return removed !== undefined;
  }

  /**
   * Hands an owed reply over: its Create to the story's account (nothing when it is gone or that
   * account's server was blocked since), or its Delete; nothing when its member no longer federates.
   */
  async #send(change: NoteChange): Promise<void> {
    if (!(await federatingMember(this.#database, String(change.writerId)))) return;
    const member = actAs(this.#federation, this.#publicUrl, change.writerId);
    if (change.kind === 'delete') {
      const [account] = change.recipients;
      if (account) await member.send(recipientOf(account), deletionOf(noteUri(member.ctx, change.id), member.me, new URL(account.uri)));
      return;
    }
    const row = await findStoryReply(this.#database.db, change.id);
    if (!row || (await isBlockedAddress(this.#database.db, new URL(row.uri)))) return;
    await member.send(recipientOf(row), creationOf(storyReplyNote(member.ctx, row)));
  }
}

/**
 * POST /api/user/fediverse-following/stories/reply (404 with FEDERATION off: `replies` null) and
 * /stories/reply/delete (with it off too: the reply goes here, nothing is sent).
 */
export const fediverseStoryRepliesRoutes: FastifyPluginAsync<{ replies: FediverseStoryReplies | null; database: Database }> = async (app, { replies, database }) => {
  route(app, 'fediverseStoryReply', async (request) => {
    if (!replies) throw notFound();
    return { message: FEDIVERSE_STORY_REPLY_SENT, id: await replies.reply(request.auth!.userId, request.body.story_id, request.body.reply) };
  });
  route(app, 'fediverseStoryReplyDelete', async (request) => {
    const { reply_id: replyId } = request.body;
    const userId = request.auth!.userId;
    const removed = replies ? await replies.remove(replyId, userId) : (await removeStoryReply(database.db, replyId, userId)) !== undefined;
    if (!removed) throw notFound(FEDIVERSE_REPLY_NOT_FOUND);
    return { message: FEDIVERSE_STORY_REPLY_DELETED };
  });
};
