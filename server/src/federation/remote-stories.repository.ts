import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { RemoteStoriesTable } from '../db/schema/federation.ts';

/** The SQL of the stories of accounts elsewhere that members follow (migration 0039). */

export type StoryFields = Pick<RemoteStoriesTable, 'url' | 'title' | 'summary' | 'content' | 'published_at' | 'updated_at'>;

/** The row id of the account `actorUri` when a member follows it (accepted), else undefined. */
export async function followedAccountId(db: Kysely<DB>, actorUri: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('remote_actors as a')
    .innerJoin('follows as f', 'f.following_id', 'a.user_id')
    .select('a.id')
    .where('a.uri', '=', actorUri)
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** Keeps the story (one sent again changes nothing); resolves to whether it is new. */
export async function addStory(db: Kysely<DB>, actorId: number, objectUri: string, fields: StoryFields): Promise<boolean> {
  const row = await db
    .insertInto('remote_stories')
    .values({ actor_id: actorId, object_uri: objectUri, ...fields })
    .onConflict((oc) => oc.column('object_uri').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The story's new text, when `actorUri` is its account; resolves to whether one changed. */
export async function editStory(db: Kysely<DB>, objectUri: string, actorUri: string, fields: Omit<StoryFields, 'published_at'>): Promise<boolean> {
  const result = await db
    .updateTable('remote_stories')
    .set(fields)
    .where('object_uri', '=', objectUri)
    .where('actor_id', 'in', (eb) => eb.selectFrom('remote_actors').select('id').where('uri', '=', actorUri))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes the story, when `actorUri` is its account; resolves to whether one went. */
export async function removeStory(db: Kysely<DB>, objectUri: string, actorUri: string): Promise<boolean> {
  const result = await db
    .deleteFrom('remote_stories')
    .where('object_uri', '=', objectUri)
    .where('actor_id', 'in', (eb) => eb.selectFrom('remote_actors').select('id').where('uri', '=', actorUri))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The stories of the accounts the member follows (accepted) and did not block, newest first, before
 * the row `before` (null: from the newest), `limit` at most.
 */
export function storiesFollowedBy(db: Kysely<DB>, userId: number, before: number | null, limit: number) {
  return db
    .selectFrom('remote_stories as s')
    .innerJoin('remote_actors as a', 'a.id', 's.actor_id')
    .innerJoin('follows as f', (join) => join.onRef('f.following_id', '=', 'a.user_id').on('f.follower_id', '=', userId))
    .leftJoin('remote_story_likes as l', (join) => join.onRef('l.story_id', '=', 's.id').on('l.user_id', '=', userId))
    .select([
      's.id',
      's.url',
      's.title',
      's.summary',
      's.content',
      's.published_at',
      's.updated_at',
      'a.id as account_id',
      'a.handle',
      'a.name',
      'a.url as account_url',
      'l.like_uri',
    ])
    .where((eb) => eb.not(eb.exists(eb.selectFrom('blocks as b').select('b.blocker_id').where('b.blocker_id', '=', userId).whereRef('b.blocked_id', '=', 'a.user_id'))))
    .$if(before !== null, (q) => q.where('s.id', '<', before!))
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The story, its object id and its account's addresses, when the member may see it (they follow the
 * account, accepted); undefined otherwise.
 */
export function storySeenBy(db: Kysely<DB>, userId: number, storyId: number) {
  return db
    .selectFrom('remote_stories as s')
    .innerJoin('remote_actors as a', 'a.id', 's.actor_id')
    .innerJoin('follows as f', (join) => join.onRef('f.following_id', '=', 'a.user_id').on('f.follower_id', '=', userId))
    .select(['s.id', 's.object_uri', 'a.uri', 'a.inbox', 'a.shared_inbox'])
    .where('s.id', '=', storyId)
    .executeTakeFirst();
}

/** The member likes the story by the Like `likeUri`; resolves to whether the like is new. */
export async function addStoryLike(db: Kysely<DB>, userId: number, storyId: number, likeUri: string, now: string): Promise<boolean> {
  const row = await db
    .insertInto('remote_story_likes')
    .values({ user_id: userId, story_id: storyId, like_uri: likeUri, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'story_id']).doNothing())
    .returning('story_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The member's like of the story goes; resolves to the Like it was (for its Undo), or undefined. */
export async function removeStoryLike(db: Kysely<DB>, userId: number, storyId: number) {
  return db.deleteFrom('remote_story_likes').where('user_id', '=', userId).where('story_id', '=', storyId).returning('like_uri').executeTakeFirst();
}
