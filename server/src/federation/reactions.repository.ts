import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { accountIdOf } from './accounts.repository.ts';

/**
 * The SQL of likes and boosts from the fediverse (ADR 0071, 0083): both are rows of `likes` of the
 * account's row of users, with the activity's id: a Like of kind 'like' like a member's (migration
 * 0051), counted in likes_count; an Announce of kind 'boost' (0052), not counted.
 */

/** A reaction as the inbox names it: the activity. */
export type Kind = 'like' | 'announce';
const stored = { like: 'like', announce: 'boost' } as const;
const kindOf = (kind: 'like' | 'boost'): Kind => (kind === 'boost' ? 'announce' : 'like');

/** A like counts in the story's likes_count beside the members' own. */
async function countLike(trx: Kysely<DB>, postId: number, delta: 1 | -1): Promise<void> {
  await trx
    .updateTable('posts')
    .set((eb) => ({ likes_count: eb('likes_count', '+', delta) }))
    .where('id', '=', postId)
    .execute();
}

export interface NewReaction {
  post_id: number;
  /** The account's row of users. */
  user_id: number;
  kind: Kind;
  activity_uri: string;
  created_at: string;
}

/**
 * Keeps the reaction (a second one of the same story, account and kind changes nothing). Resolves to
 * whether it is new. `added` runs in its transaction for a new one.
 */
export async function addReaction(db: Kysely<DB>, reaction: NewReaction, added?: (trx: Kysely<DB>) => Promise<void>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('likes')
      .values({ post_id: reaction.post_id, user_id: reaction.user_id, kind: stored[reaction.kind], created_at: reaction.created_at, activity_id: reaction.activity_uri })
      .onConflict((oc) => oc.doNothing())
      .returning('post_id')
      .executeTakeFirst();
    if (row && reaction.kind === 'like') await countLike(trx, reaction.post_id, 1);
    if (row && added) await added(trx);
    return row !== undefined;
  });
}

/**
 * Removes the account's reaction made by the activity `activityUri` (any story; only the account's
 * own), of kind `kind`, or of either with null; resolves to whether there was one. `removed` runs in
 * its transaction with the story, its writer, the account's row of users and the kind removed.
 */
export async function removeReaction(
  db: Kysely<DB>,
  actorUri: string,
  activityUri: string,
  kind: Kind | null,
  removed?: (trx: Kysely<DB>, story: { id: number; user_id: number }, accountId: number, kind: Kind) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const accountId = await accountIdOf(trx, actorUri);
    if (accountId === undefined) return false;
    let query = trx.deleteFrom('likes').where('activity_id', '=', activityUri).where('user_id', '=', accountId);
    if (kind !== null) query = query.where('kind', '=', stored[kind]);
    const rows = await query.returning(['post_id', 'kind']).execute();
    for (const row of rows) {
      if (row.kind === 'like') await countLike(trx, row.post_id, -1);
      const story = removed ? await trx.selectFrom('posts').select(['id', 'user_id']).where('id', '=', row.post_id).executeTakeFirst() : undefined;
      if (story) await removed!(trx, story, accountId, kindOf(row.kind));
    }
    return rows.length > 0;
  });
}

/** The story's reactions from the fediverse, by kind: likes of accounts elsewhere, and boosts. */
export async function countReactions(db: Kysely<DB>, postId: number): Promise<Record<Kind, number>> {
  const rows = await db
    .selectFrom('likes as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.kind', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('l.post_id', '=', postId)
    .where('u.domain', 'is not', null)
    .groupBy('l.kind')
    .execute();
  const counts: Record<Kind, number> = { like: 0, announce: 0 };
  for (const row of rows) counts[kindOf(row.kind)] = Number(row.n);
  return counts;
}
