import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * What the inbox reads of likes and boosts from the fediverse (ADR 0071, 0083, 0086): both are rows
 * of `likes` of the account's row of users, with the activity's id, kept and removed by the social
 * service a member's like goes through.
 */

/** The account's likes or boosts (`kind` null: either) made by the activity `activityId`: their posts and kinds. */
export function reactionsBy(db: Kysely<DB>, accountId: number, activityId: string, kind: 'like' | 'boost' | null) {
  return db
    .selectFrom('likes')
    .select(['post_id', 'kind'])
    .where('user_id', '=', accountId)
    .where('activity_id', '=', activityId)
    .$if(kind !== null, (q) => q.where('kind', '=', kind!))
    .execute();
}

/** The story's reactions from the fediverse, by kind: likes of accounts elsewhere, and boosts (what its tests count). */
export async function countReactions(db: Kysely<DB>, postId: number): Promise<Record<'like' | 'announce', number>> {
  const rows = await db
    .selectFrom('likes as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.kind', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('l.post_id', '=', postId)
    .where('u.domain', 'is not', null)
    .groupBy('l.kind')
    .execute();
  const counts = { like: 0, announce: 0 };
  for (const row of rows) counts[row.kind === 'boost' ? 'announce' : 'like'] = Number(row.n);
  return counts;
}
