import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The SQL of members' replies to stories of accounts elsewhere (migration 0041). */

/** Keeps the member's reply to the story, `kept` in its transaction with it; resolves to its id. */
export async function addStoryReply(
  db: Kysely<DB>,
  reply: { story_id: number; user_id: number; body: string; created_at: string },
  kept: (trx: Kysely<DB>, id: number) => Promise<void>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('remote_story_replies').values(reply).returning('id').executeTakeFirstOrThrow();
    await kept(trx, row.id);
    return row.id;
  });
}

/**
 * The reply `id` as its Note says it: the member, the text, when, the story it answers and that
 * story's account (whom it is to); undefined when there is none.
 */
export function findStoryReply(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('remote_story_replies as r')
    .innerJoin('remote_stories as s', 's.id', 'r.story_id')
    .innerJoin('remote_actors as a', 'a.id', 's.actor_id')
    .select(['r.id', 'r.user_id', 'r.body', 'r.created_at', 's.object_uri', 'a.uri', 'a.inbox', 'a.shared_inbox', 'a.handle', 'a.url'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}
export type StoryReplyRow = NonNullable<Awaited<ReturnType<typeof findStoryReply>>>;

/**
 * Removes the member's reply `id`, `removed` in its transaction with it; resolves to what it was (for
 * its Delete), or undefined when it is not theirs.
 */
export async function removeStoryReply(
  db: Kysely<DB>,
  id: number,
  userId: number,
  removed?: (trx: Kysely<DB>, row: StoryReplyRow) => Promise<void>,
): Promise<StoryReplyRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await findStoryReply(trx, id);
    if (!row || row.user_id !== userId) return undefined;
    await trx.deleteFrom('remote_story_replies').where('id', '=', id).execute();
    if (removed) await removed(trx, row);
    return row;
  });
}

/** The member's replies to these stories, oldest first. */
export async function storyRepliesBy(db: Kysely<DB>, userId: number, storyIds: readonly number[]) {
  if (storyIds.length === 0) return [];
  return db
    .selectFrom('remote_story_replies')
    .select(['id', 'story_id', 'body', 'created_at'])
    .where('user_id', '=', userId)
    .where('story_id', 'in', storyIds)
    .orderBy('id')
    .execute();
}
