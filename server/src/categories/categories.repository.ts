import { type Kysely, sql } from 'kysely';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

export function listCategories(db: Kysely<DB>) {
  return db.selectFrom('categories').select(['id', 'name', 'description', 'followers_count']).orderBy('name').execute();
}

export async function categoryExists(db: Kysely<DB>, id: number): Promise<boolean> {
  return (await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export function listUserCategories(db: Kysely<DB>, userId: number) {
  return db.selectFrom('user_categories').select('category_id').where('user_id', '=', userId).orderBy('category_id').execute();
}

/** Moves a topic's followers_count by delta (in the caller's transaction, with the row that changed). */
async function addToFollowers(trx: Kysely<DB>, categoryId: number, delta: number): Promise<void> {
  await trx
    .updateTable('categories')
    .set((eb) => ({ followers_count: eb('followers_count', '+', delta) }))
    .where('id', '=', categoryId)
    .execute();
}

/** true when this call chose the topic (a second choice of the same topic is none: ON CONFLICT DO NOTHING). */
export async function selectCategory(trx: Kysely<DB>, userId: number, categoryId: number): Promise<boolean> {
  const row = await trx
    .insertInto('user_categories')
    .values({ user_id: userId, category_id: categoryId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['user_id', 'category_id']).doNothing())
    .returning('category_id')
    .executeTakeFirst();
  if (row) await addToFollowers(trx, categoryId, 1);
  return row !== undefined;
}

/** true when this call removed the choice. */
export async function unselectCategory(trx: Kysely<DB>, userId: number, categoryId: number): Promise<boolean> {
  const row = await trx.deleteFrom('user_categories').where('user_id', '=', userId).where('category_id', '=', categoryId).returning('category_id').executeTakeFirst();
  if (row) await addToFollowers(trx, categoryId, -1);
  return row !== undefined;
}

/** Removes every choice of the member; each topic loses one follower (in id order, as the other writers lock). */
export async function clearUserCategories(trx: Kysely<DB>, userId: number): Promise<void> {
  const gone = await trx.deleteFrom('user_categories').where('user_id', '=', userId).returning('category_id').execute();
  for (const id of gone.map((r) => r.category_id).sort((a, b) => a - b)) await addToFollowers(trx, id, -1);
}

/**
 * What a member's recent reading says of each topic, from bounded index walks: the categories of the
 * last 200 posts they liked (likes_user_idx) and saved (saves_user_time_idx), and of the posts among the
 * newest 500 ids written by people they follow (posts_user_id_idx per followed author).
 */
export const SIGNAL_WINDOW = 200;
export const RECENT_POSTS_WINDOW = 500;

export interface TopicSignal {
  category_id: number;
  liked: number;
  saved: number;
  followed: number;
}

/** The statement (exported for the plan test). */
export function topicSignalsQuery(userId: number) {
  return sql<{ category_id: number; kind: 'liked' | 'saved' | 'followed'; n: number | string }>`
    SELECT p.category_id, 'liked' AS kind, COUNT(*) AS n
      FROM (SELECT post_id FROM likes WHERE user_id = ${userId} AND kind = 'like' ORDER BY post_id DESC LIMIT ${SIGNAL_WINDOW}) l
      JOIN posts p ON p.id = l.post_id WHERE p.category_id IS NOT NULL GROUP BY p.category_id
    UNION ALL
    SELECT p.category_id, 'saved' AS kind, COUNT(*) AS n
      FROM (SELECT post_id FROM saves WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT ${SIGNAL_WINDOW}) s
      JOIN posts p ON p.id = s.post_id WHERE p.category_id IS NOT NULL GROUP BY p.category_id
    UNION ALL
    SELECT p.category_id, 'followed' AS kind, COUNT(*) AS n
      FROM follows f JOIN posts p ON p.user_id = f.following_id
      WHERE f.follower_id = ${userId} AND p.id > (SELECT COALESCE(MAX(id), 0) FROM posts) - ${RECENT_POSTS_WINDOW} AND p.category_id IS NOT NULL
      GROUP BY p.category_id`;
}

export async function topicSignals(db: Kysely<DB>, userId: number): Promise<TopicSignal[]> {
  const { rows } = await topicSignalsQuery(userId).execute(db);
  const byTopic = new Map<number, TopicSignal>();
  for (const row of rows) {
    const id = Number(row.category_id);
    const signal = byTopic.get(id) ?? { category_id: id, liked: 0, saved: 0, followed: 0 };
    signal[row.kind] += Number(row.n);
    byTopic.set(id, signal);
  }
  return [...byTopic.values()];
}
