import { FEDIVERSE_REPLY_DELETED, FEDIVERSE_REPLY_NOT_FOUND, type FediverseReply, type FediverseThread } from '@inkwell/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database.ts';
import { notFound } from '../lib/errors.ts';
import { route } from '../plugins/endpoint.ts';
import { ANSWER_SENT, type FediverseAnswers } from './answers.ts';
import { countReactions } from './reactions.repository.ts';
import { type RemoteCommentRow, listRemoteComments, removeRemoteCommentFor, storyExists } from './remote-comments.repository.ts';

export const STORY_NOT_FOUND = 'Post not found.';

/** A row as the page shows it: its author an account elsewhere, or a member who answered from here. */
function shown(row: RemoteCommentRow): Omit<FediverseReply, 'reply_to_id'> {
  return {
    id: row.id,
    body: row.body,
    url: row.url,
    created_at: row.created_at,
    updated_at: row.updated_at,
    remote: row.handle === null || row.actor_id === null ? null : { account_id: row.actor_id, handle: row.handle, name: row.name, icon_url: row.icon_url, url: row.actor_url },
    user: row.user_id === null ? null : { id: row.user_id, name: row.user_name, profile_picture: row.user_picture },
  };
}

/** Rows (oldest first) as threads: each reply to the story with the answers in its thread. */
export function threadsOf(rows: readonly RemoteCommentRow[]): FediverseThread[] {
  const threads = new Map<number, FediverseThread>();
  for (const row of rows) if (row.thread_id === null) threads.set(row.id, { ...shown(row), replies: [] });
  for (const row of rows) if (row.thread_id !== null) threads.get(row.thread_id)?.replies.push({ ...shown(row), reply_to_id: row.reply_to_id });
  return [...threads.values()];
}

/**
 * POST /api/user/fediverse-replies: a story's replies from the fediverse (ADR 0073) and how many
 * boosted it there (0071), answered whether FEDERATION is on or not (the replies kept are part of the story's conversation either way); a
 * member's answer to one (federation/answers.ts; 404 with FEDERATION off); and the removal of one by
 * the story's writer, or of an answer by its member (a reply from elsewhere stays its author's there;
 * an answer of ours is taken back there with a Delete).
 */
export const fediverseRepliesRoutes: FastifyPluginAsync<{ database: Database; answers: FediverseAnswers | null }> = async (app, { database, answers }) => {
  route(app, 'fediverseReplies', async (request) => {
    const [rows, reactions] = await Promise.all([listRemoteComments(database.db, request.body.post_id), countReactions(database.db, request.body.post_id)]);
    if (rows.length === 0 && reactions.announce === 0 && !(await storyExists(database.db, request.body.post_id))) throw notFound(STORY_NOT_FOUND);
    return { comments: threadsOf(rows), answerable: answers !== null, boosts: reactions.announce };
  });
  route(app, 'fediverseAnswer', async (request) => {
    if (!answers) throw notFound();
    const { post_id: postId, reply_to_id: replyToId, reply } = request.body;
    return { message: ANSWER_SENT, id: await answers.answer(request.auth!.userId, postId, replyToId, reply) };
  });
  route(app, 'fediverseReplyDelete', async (request) => {
    // Members' answers it took are taken back where they went (not with FEDERATION off: nothing is sent then).
    const { id } = request.body;
    const userId = request.auth!.userId;
    const removed = answers ? await answers.remove(id, userId) : (await removeRemoteCommentFor(database.db, id, userId)) !== undefined;
    if (!removed) throw notFound(FEDIVERSE_REPLY_NOT_FOUND);
    return { message: FEDIVERSE_REPLY_DELETED };
  });
};
