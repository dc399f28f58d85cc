import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { RemoteReactionsTable } from '../db/schema/federation.ts';

/** The SQL of likes and boosts from the fediverse (migration 0033, ADR 0071). */

type Kind = RemoteReactionsTable['kind'];

/** A like counts in the story's likes_count beside the members' own. */
async function countLike(trx: Kysely<DB>, postId: number, delta: 1 | -1): Promise<void> {
  await trx
    .updateTable('posts')
    .set((eb) => ({ likes_count: eb('likes_count', '+', delta) }))
    .where('id', '=', postId)
    .execute();
}

/**
 * Keeps the reaction (a second one of the same story, actor and kind changes nothing); resolves to
 * whether it is new. `added` runs in its transaction for a new one, with its id (its notification).
 */
export async function addReaction(db: Kysely<DB>, reaction: Omit<RemoteReactionsTable, 'id'>, added?: (trx: Kysely<DB>, reactionId: number) => Promise<void>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('remote_reactions')
      .values(reaction)
      .onConflict((oc) => oc.columns(['post_id', 'actor_id', 'kind']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row && reaction.kind === 'like') await countLike(trx, reaction.post_id, 1);
    if (row && added) await added(trx, row.id);
    return row !== undefined;
  });
}

/**
 * Removes the actor's reaction made by the activity `activityUri` (any story; only the actor's own),
 * of kind `kind`, or of either with null; resolves to whether there was one. `removed` runs in its
 * transaction with the story, its writer, the actor's row and the kind removed.
 */
export async function removeReaction(
  db: Kysely<DB>,
  actorUri: string,
  activityUri: string,
  kind: Kind | null,
  removed?: (trx: Kysely<DB>, story: { id: number; user_id: number }, actorId: number, kind: Kind) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .deleteFrom('remote_reactions')
      .where('activity_uri', '=', activityUri)
      .where('actor_id', 'in', (eb) => eb.selectFrom('remote_actors').select('id').where('uri', '=', actorUri))
      .$if(kind !== null, (q) => q.where('kind', '=', kind!))
      .returning(['post_id', 'actor_id', 'kind'])
      .execute();
    for (const row of rows) {
      if (row.kind === 'like') await countLike(trx, row.post_id, -1);
      const story = removed ? await trx.selectFrom('posts').select(['id', 'user_id']).where('id', '=', row.post_id).executeTakeFirst() : undefined;
      if (story) await removed!(trx, story, row.actor_id, row.kind);
    }
    return rows.length > 0;
  });
}

/** The story's reactions from the fediverse, by kind. */
export async function countReactions(db: Kysely<DB>, postId: number): Promise<Record<Kind, number>> {
  const rows = await db
    .selectFrom('remote_reactions')
    .select(['kind', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('post_id', '=', postId)
    .groupBy('kind')
    .execute();
  const count = (kind: Kind) => Number(rows.find((row) => row.kind === kind)?.n ?? 0);
  return { like: count('like'), announce: count('announce') };
}
