import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { isMember } from '../db/shared.repository.ts';
import { NOTICE_CHANNEL } from '../notify/notify.repository.ts';

/**
 * The SQL of telling a new story to its author's followers (post-fanout.ts): the fan-outs owed
 * (`post_fanouts`), and per batch of followers one INSERT … SELECT of their notifications and one of
 * their waiting mails. The unique index of migration 0021 (one 'post' notification per post and
 * member) makes a second run of the same batch add nothing.
 */

/** In the publishing transaction: the post's followers are owed their notification. */
export async function queueFanout(db: Kysely<DB>, postId: number, now: string): Promise<void> {
  await db.insertInto('post_fanouts').values({ post_id: postId, created_at: now, claimed_until: null }).execute();
}

export async function finishFanout(db: Kysely<DB>, postId: number): Promise<void> {
  await db.deleteFrom('post_fanouts').where('post_id', '=', postId).execute();
}

/**
 * Fan-outs left behind: claimed by a process whose claim ran out (it died, or is stuck), or never
 * claimed though queued before `staleBefore` (the process died between its commit and the fan-out).
 */
export async function owedFanouts(db: Kysely<DB>, now: string, staleBefore: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('post_fanouts')
    .select('post_id')
    .where((eb) => eb.or([eb('claimed_until', '<=', now), eb.and([eb('claimed_until', 'is', null), eb('created_at', '<=', staleBefore)])]))
    .orderBy('post_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.post_id);
}

/** The story and its author, as the notification names them; undefined once the post is gone. */
export function storyOf(db: Kysely<DB>, postId: number) {
  return db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.user_id', 'p.title', 'u.name as author_name', 'u.deactivated_at as author_deactivated_at'])
    .where('p.id', '=', postId)
    .executeTakeFirst();
}

/**
 * In a batch's transaction, before anything else: holds the author's row and the post's row against
 * deletion until the batch commits (PostgreSQL's FOR KEY SHARE, which likes and comments do not wait
 * for), in the order a deletion takes them, so a post or account deleted meanwhile waits for the batch
 * (and then deletes its rows) instead of deadlocking with it. false when the post is gone.
 */
export async function holdStory(db: Kysely<DB>, postId: number, authorId: number): Promise<boolean> {
  const pg = isPostgres(db);
  const author = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', authorId)
    .$if(pg, (qb) => qb.forKeyShare())
    .executeTakeFirst();
  if (!author) return false;
  const post = await db
    .selectFrom('posts')
    .select('id')
    .where('id', '=', postId)
    .$if(pg, (qb) => qb.forKeyShare())
    .executeTakeFirst();
  return post !== undefined;
}

/** The follower id that ends the batch of `size` followers after `after` (the follows index walked in id order); null for the last batch. */
export async function batchEnd(db: Kysely<DB>, authorId: number, after: number, size: number): Promise<number | null> {
  const row = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('following_id', '=', authorId)
    .where('follower_id', '>', after)
    .orderBy('follower_id')
    .limit(1)
    .offset(size - 1)
    .executeTakeFirst();
  return row?.follower_id ?? null;
}

export interface StoryBatch {
  postId: number;
  authorId: number;
  message: string;
  now: string;
  /** Followers with ids in (after, upTo]; upTo null: to the end. */
  after: number;
  upTo: number | null;
}

/**
 * One statement for a batch of followers: a 'post' notification each, leaving out deactivated members
 * and those who blocked the author or whom the author blocked; one a member already has is skipped
 * (ON CONFLICT DO NOTHING over the unique index). Answers the rows it wrote.
 */
export function insertStoryNotices(db: Kysely<DB>, batch: StoryBatch) {
  const text = (value: string, as: string) => sql<string>`cast(${value} as text)`.as(as);
  return db
    .insertInto('notifications')
    .columns(['user_id', 'actor_id', 'type', 'post_id', 'message', 'created_at', 'updated_at'])
    .expression((eb) =>
      eb
        .selectFrom('follows as f')
        .innerJoin('posts as p', 'p.user_id', 'f.following_id')
        .innerJoin('users as u', 'u.id', 'f.follower_id')
        .select(['f.follower_id', 'p.user_id', text('post', 'type'), 'p.id', text(batch.message, 'message'), text(batch.now, 'created_at'), text(batch.now, 'updated_at')])
        .where('p.id', '=', batch.postId)
        .where('f.following_id', '=', batch.authorId)
        .where('f.follower_id', '>', batch.after)
        .$if(batch.upTo !== null, (qb) => qb.where('f.follower_id', '<=', batch.upTo!))
        .whereRef('f.follower_id', '<>', 'p.user_id')
        .where('u.deactivated_at', 'is', null)
        // Members only: a follower elsewhere gets the story by federation.
        .where(isMember('u'))
        .where((w) => w.not(w.exists(w.selectFrom('blocks as b').select('b.blocker_id').whereRef('b.blocker_id', '=', 'f.follower_id').whereRef('b.blocked_id', '=', 'p.user_id'))))
        .where((w) =>
          w.not(w.exists(w.selectFrom('blocks as b').select('b.blocker_id').whereRef('b.blocker_id', '=', 'p.user_id').whereRef('b.blocked_id', '=', 'f.follower_id'))),
        ),
    )
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'user_id'])
    .execute();
}

/** The batch's waiting mails: one per notification it wrote whose member ticked 'post' mails and is active. */
export async function queueStoryMails(db: Kysely<DB>, ids: readonly number[], now: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insertInto('notification_mails')
    .columns(['notification_id', 'user_id', 'kind', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('notifications as n')
        .innerJoin('users as u', 'u.id', 'n.user_id')
        .select(['n.id', 'n.user_id', sql<string>`cast(${'post'} as text)`.as('kind'), sql<string>`cast(${now} as text)`.as('created_at')])
        .where('n.id', 'in', ids)
        .where('u.notify_post', '=', 1)
        .where('u.deactivated_at', 'is', null)
        .where(isMember('u')),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * PostgreSQL: one NOTIFY for the whole batch (a NOTIFY per row would be a thousand): the post and the
 * range of ids it wrote; each app server looks up which of them belong to its open streams (live.ts).
 */
export async function announceStoryNotices(db: Kysely<DB>, postId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0 || !isPostgres(db)) return;
  const payload = { p: postId, a: Math.min(...ids), b: Math.max(...ids) };
  await sql`select pg_notify(${NOTICE_CHANNEL}, ${JSON.stringify(payload)})`.execute(db);
}
