import type { Kysely, NotNull } from 'kysely';
import type { DB } from '../db/schema.ts';

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
