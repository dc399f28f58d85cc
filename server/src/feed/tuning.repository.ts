import type { FeedTuning } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { isMember } from '../db/shared.repository.ts';

/**
 * A member's tuning of 'For you' (migration 0024): one row per member and topic ('more' or 'less') in
 * feed_topic_tuning, one per member and muted author in feed_author_mutes. Every write is one
 * statement on the primary key (ON CONFLICT), so a burst of identical calls leaves one row.
 */

export type TopicChoice = 'more' | 'less';

export async function topicName(db: Kysely<DB>, categoryId: number): Promise<string | undefined> {
  return (await db.selectFrom('categories').select('name').where('id', '=', categoryId).executeTakeFirst())?.name;
}

/** The member's name (null when they have none yet), or undefined when there is no such member (an account elsewhere is none: For you holds no story of theirs). */
export async function memberName(db: Kysely<DB>, userId: number): Promise<{ name: string | null } | undefined> {
  return db.selectFrom('users').select('name').where('id', '=', userId).where(isMember()).executeTakeFirst();
}

export async function topicChoice(db: Kysely<DB>, userId: number, categoryId: number): Promise<TopicChoice | null> {
  const row = await db.selectFrom('feed_topic_tuning').select('choice').where('user_id', '=', userId).where('category_id', '=', categoryId).executeTakeFirst();
  return row?.choice ?? null;
}

/** The topic holds `choice` from now on (its date kept when it held it already). */
export async function setTopicChoice(db: Kysely<DB>, userId: number, categoryId: number, choice: TopicChoice): Promise<void> {
  await db
    .insertInto('feed_topic_tuning')
    .values({ user_id: userId, category_id: categoryId, choice, created_at: nowIso() })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'category_id'])
        .doUpdateSet((eb) => ({ choice: eb.ref('excluded.choice'), created_at: eb.ref('excluded.created_at') }))
        .where('feed_topic_tuning.choice', '<>', choice),
    )
    .execute();
}

/** The topic no longer holds `choice` (another choice it holds stays). */
export async function clearTopicChoice(db: Kysely<DB>, userId: number, categoryId: number, choice: TopicChoice): Promise<void> {
  await db.deleteFrom('feed_topic_tuning').where('user_id', '=', userId).where('category_id', '=', categoryId).where('choice', '=', choice).execute();
}

export async function mutedCount(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('feed_author_mutes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function isMuted(db: Kysely<DB>, userId: number, authorId: number): Promise<boolean> {
  return (await db.selectFrom('feed_author_mutes').select('author_id').where('user_id', '=', userId).where('author_id', '=', authorId).executeTakeFirst()) !== undefined;
}

export async function mute(db: Kysely<DB>, userId: number, authorId: number): Promise<void> {
  await db
    .insertInto('feed_author_mutes')
    .values({ user_id: userId, author_id: authorId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['user_id', 'author_id']).doNothing())
    .execute();
}

export async function unmute(db: Kysely<DB>, userId: number, authorId: number): Promise<void> {
  await db.deleteFrom('feed_author_mutes').where('user_id', '=', userId).where('author_id', '=', authorId).execute();
}

/** Forgets every more, less and mute of the member, in one transaction. */
export async function resetTuning(db: Kysely<DB>, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('feed_topic_tuning').where('user_id', '=', userId).execute();
    await trx.deleteFrom('feed_author_mutes').where('user_id', '=', userId).execute();
  });
}

/** What the member tuned, each list newest first (through each table's key on the member). */
export async function listTuning(db: Kysely<DB>, userId: number): Promise<FeedTuning> {
  const [topics, muted] = await Promise.all([
    db
      .selectFrom('feed_topic_tuning as t')
      .innerJoin('categories as c', 'c.id', 't.category_id')
      .select(['c.id', 'c.name', 't.choice', 't.created_at'])
      .where('t.user_id', '=', userId)
      .orderBy('t.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .execute(),
    db
      .selectFrom('feed_author_mutes as m')
      .innerJoin('users as u', 'u.id', 'm.author_id')
      .select(['u.id', 'u.name', 'u.profile_picture', 'm.created_at'])
      .where('m.user_id', '=', userId)
      .orderBy('m.created_at', 'desc')
      .orderBy('u.id', 'desc')
      .execute(),
  ]);
  const of = (choice: TopicChoice) => topics.filter((t) => t.choice === choice).map(({ id, name, created_at }) => ({ id, name, created_at }));
  return { more: of('more'), less: of('less'), muted };
}
