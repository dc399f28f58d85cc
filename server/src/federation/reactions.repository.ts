import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { RemoteReactionsTable } from '../db/schema/federation.ts';
import { accountIdOf } from './accounts.repository.ts';

/** The SQL of likes and boosts from the fediverse (migrations 0033, 0051; ADR 0071, 0083). */

type Kind = RemoteReactionsTable['kind'];

/** A like counts in the story's likes_count beside the members' own. */
async function countLike(trx: Kysely<DB>, postId: number, delta: 1 | -1): Promise<void> {
  await trx
    .updateTable('posts')
    .set((eb) => ({ likes_count: eb('likes_count', '+', delta) }))
    .where('id', '=', postId)
    .execute();
}

/** A reaction as the inbox hands it over: the account by both its rows (remote_actors and users). */
export interface NewReaction extends Omit<RemoteReactionsTable, 'id'> {
  /** The account's row of users: a like is a row of `likes` of it (ADR 0083). */
  user_id: number;
}

/**
 * Keeps the reaction (a second one of the same story, account and kind changes nothing): a like as a
 * row of `likes` like a member's (migration 0051), counted in likes_count; a boost in remote_reactions.
 * Resolves to whether it is new. `added` runs in its transaction for a new one, with the boost's id
 * (0 for a like: its notification is keyed as a member's is).
 */
export async function addReaction(db: Kysely<DB>, reaction: NewReaction, added?: (trx: Kysely<DB>, reactionId: number) => Promise<void>): Promise<boolean> {
  const { user_id: accountId, ...boost } = reaction;
  return db.transaction().execute(async (trx) => {
    const row =
      reaction.kind === 'like'
        ? await trx
            .insertInto('likes')
            .values({ post_id: reaction.post_id, user_id: accountId, created_at: reaction.created_at, activity_id: reaction.activity_uri })
            .onConflict((oc) => oc.doNothing())
            .returning((eb) => eb.lit(0).as('id'))
            .executeTakeFirst()
        : await trx
            .insertInto('remote_reactions')
            .values(boost)
            .onConflict((oc) => oc.columns(['post_id', 'actor_id', 'kind']).doNothing())
            .returning('id')
            .executeTakeFirst();
    if (row && reaction.kind === 'like') await countLike(trx, reaction.post_id, 1);
    if (row && added) await added(trx, row.id);
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
    const likes =
      kind === 'announce'
        ? []
        : await trx
            .deleteFrom('likes')
            .where('activity_id', '=', activityUri)
            .where('user_id', '=', accountId)
            .returning(['post_id', sql.lit('like').as('kind')])
            .execute();
    const boosts =
      kind === 'like'
        ? []
        : await trx
            .deleteFrom('remote_reactions')
            .where('activity_uri', '=', activityUri)
            .where('actor_id', 'in', (eb) => eb.selectFrom('remote_actors').select('id').where('user_id', '=', accountId))
            .where('kind', '=', 'announce')
            .returning(['post_id', 'kind'])
            .execute();
    const rows = [...likes, ...boosts] as Array<{ post_id: number; kind: Kind }>;
    for (const row of rows) {
      if (row.kind === 'like') await countLike(trx, row.post_id, -1);
      const story = removed ? await trx.selectFrom('posts').select(['id', 'user_id']).where('id', '=', row.post_id).executeTakeFirst() : undefined;
      if (story) await removed!(trx, story, accountId, row.kind);
    }
    return rows.length > 0;
  });
}

/** The story's reactions from the fediverse, by kind: likes of accounts elsewhere, and boosts. */
export async function countReactions(db: Kysely<DB>, postId: number): Promise<Record<Kind, number>> {
  const [likes, boosts] = await Promise.all([
    db
      .selectFrom('likes as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('l.post_id', '=', postId)
      .where('u.domain', 'is not', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('remote_reactions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('post_id', '=', postId)
      .where('kind', '=', 'announce')
      .executeTakeFirstOrThrow(),
  ]);
  return { like: Number(likes.n), announce: Number(boosts.n) };
}
