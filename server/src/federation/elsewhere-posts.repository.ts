import type { Kysely, NotNull } from 'kysely';
import { addToPostCount } from '../db/post-count.repository.ts';
import type { DB } from '../db/schema.ts';
import { accountOfUri } from './accounts.repository.ts';

/**
 * The SQL of stories of accounts elsewhere as rows of posts (issue 46, ADR 0080: `ap_id` set, the
 * author the account's row of users) as the fediverse meets them: where a member's act on one goes.
 */

/** The story's id elsewhere and its account's addresses, when the post is a story of an account elsewhere; undefined otherwise. */
export function findStoryElsewhere(db: Kysely<DB>, postId: number) {
  return db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.ap_id as object_uri', 'u.ap_id as uri', 'u.inbox', 'u.shared_inbox'])
    .where('p.id', '=', postId)
    .where('p.ap_id', 'is not', null)
    .where('u.domain', 'is not', null)
    .$narrowType<{ object_uri: NotNull; uri: NotNull; inbox: NotNull }>()
    .executeTakeFirst();
}

/** Records the Like the member's like of the post is sent as (its Undo names it). */
export async function setLikeActivity(db: Kysely<DB>, postId: number, userId: number, activityId: string): Promise<void> {
  await db.updateTable('likes').set({ activity_id: activityId }).where('post_id', '=', postId).where('user_id', '=', userId).where('kind', '=', 'like').execute();
}

/** The Like the member's like of the post is sent as; undefined when they no longer like it (or it was never sent). */
export async function findLikeActivity(db: Kysely<DB>, postId: number, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('likes').select('activity_id').where('post_id', '=', postId).where('user_id', '=', userId).where('kind', '=', 'like').executeTakeFirst();
  return row?.activity_id ?? undefined;
}

/** What is kept of a story from elsewhere as a post (remote-stories.ts makes it from the object). */
export interface StoryValues {
  title: string;
  sub_title: string;
  description: string;
  body_text: string;
  read_time: number;
  url: string | null;
  updated_at: string;
}

/** The row of users of the account with this URI when a member follows it (accepted), else undefined. */
export async function followedAccountId(db: Kysely<DB>, actorUri: string): Promise<number | undefined> {
  const row = await accountOfUri(db, actorUri)
    .where((eb) => eb.exists(eb.selectFrom('follows as f').select('f.follower_id').whereRef('f.following_id', '=', 'users.id')))
    .executeTakeFirst();
  return row?.id;
}

/** Keeps the story as a post of the account `accountId`, counted in its post_count (one sent again changes nothing); resolves to whether it is new. */
export function addStoryPost(db: Kysely<DB>, accountId: number, apId: string, values: StoryValues & { created_at: string }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('posts')
      .values({ ...values, user_id: accountId, category_id: null, image: null, ap_id: apId })
      // The unique index on ap_id is partial (migration 0055): the conflict target names its predicate.
      .onConflict((oc) => oc.column('ap_id').where('ap_id', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await addToPostCount(trx, accountId, 1);
    return true;
  });
}

/** The story's new text, when the account `actorUri` wrote it; resolves to whether one changed. */
export async function editStoryPost(db: Kysely<DB>, apId: string, actorUri: string, values: StoryValues): Promise<boolean> {
  const result = await db.updateTable('posts').set(values).where('ap_id', '=', apId).where('user_id', '=', accountOfUri(db, actorUri)).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes the story (and what hangs on it), when the account `actorUri` wrote it, counted out of its post_count; resolves to whether one went. */
export function removeStoryPost(db: Kysely<DB>, apId: string, actorUri: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('posts').where('ap_id', '=', apId).where('user_id', '=', accountOfUri(trx, actorUri)).returning('user_id').executeTakeFirst();
    if (!row) return false;
    await addToPostCount(trx, row.user_id, -1);
    return true;
  });
}
