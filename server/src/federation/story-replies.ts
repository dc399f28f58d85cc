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

/**
 * Members reply to stories of accounts they follow on other servers (issue 30): the reply is kept
 * here (the member sees it under the story) and goes to the story's account as a `Create` of a
 * `Note` answering it, signed by the member's actor, through Fedify's queue; the account's server
 * shows it with the story's replies (an Inkwell server as a comment). Taking it back sends a Delete.
 */
export class FediverseStoryReplies {
  readonly #database: Database;
  readonly #federation: Federation<void>;
  readonly #publicUrl: URL;

  constructor(database: Database, federation: Federation<void>, publicUrl: string) {
    this.#database = database;
    this.#federation = federation;
    this.#publicUrl = new URL(publicUrl);
  }

  async reply(userId: number, storyId: number, body: string): Promise<number> {
    const { db } = this.#database;
    if (!(await federatingMember(this.#database, String(userId)))) throw new HttpError(422, NO_USERNAME, { reply: [NO_USERNAME] });
    const story = await storySeenBy(db, userId, storyId);
    if (!story) throw notFound(FEDIVERSE_STORY_NOT_FOUND);
    if (await isBlockedAddress(db, new URL(story.uri))) throw validationError({ reply: [FOLLOWING_MESSAGES.blockedServer] });
    const id = await addStoryReply(db, { story_id: storyId, user_id: userId, body, created_at: nowIso() });
    const row = await findStoryReply(db, id);
    if (row) {
      const member = actAs(this.#federation, this.#publicUrl, userId);
      await member.send(recipientOf(row), creationOf(storyReplyNote(member.ctx, row)));
    }
    return id;
  }

  /** A removed reply taken back from its account: a Delete of its Note. */
  async retract(row: StoryReplyRow): Promise<void> {
    const member = actAs(this.#federation, this.#publicUrl, row.user_id);
    await member.send(recipientOf(row), deletionOf(noteUri(member.ctx, row.id), member.me, new URL(row.uri)));
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
    const removed = await removeStoryReply(database.db, request.body.reply_id, request.auth!.userId);
    if (!removed) throw notFound(FEDIVERSE_REPLY_NOT_FOUND);
    await replies?.retract(removed);
    return { message: FEDIVERSE_STORY_REPLY_DELETED };
  });
};
