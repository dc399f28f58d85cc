import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type Database, isPostgres } from '../db/database.ts';
import { walkKey } from '../db/key-walk.ts';
import type { DB } from '../db/schema.ts';
import type { StatsKind } from './readers.ts';

/** The hand-written reads of the feature (prepared once; `?` placeholders), exported for the plan tests. */
export const STATS_SQL = {
  /** A post that can be counted: there, the site's (a story from elsewhere has no stats here), and its author not deactivated (its page answers 404 otherwise). */
  countedPost: `SELECT p.user_id AS user_id FROM posts p JOIN users u ON u.id = p.user_id
    WHERE p.id = ? AND p.ap_id IS NULL AND u.deactivated_at IS NULL`,
  /**
   * A writer's newest posts, each with its numbers since a day (views, reads) and an instant (likes,
   * saves, comments and replies; likes and replies from the fediverse are rows of likes, comments and
   * replies (ADR 0083, issue 46), counted with them, as the story's own counts have them): every number one range of an index
   * on (post_id, [kind,] day or created_at). Parameters: day, day, instant ×4, user id, limit. The author's test as walkKey says (db/key-walk.ts).
   */
  overview: (postgres: boolean) => `SELECT p.id AS id, p.title AS title, p.created_at AS created_at,
      COALESCE((SELECT SUM(d.views) FROM post_stats_daily d WHERE d.post_id = p.id AND d.day >= ?), 0) AS views,
      COALESCE((SELECT SUM(d.reads) FROM post_stats_daily d WHERE d.post_id = p.id AND d.day >= ?), 0) AS reads,
      (SELECT COUNT(*) FROM likes l WHERE l.post_id = p.id AND l.kind = 'like' AND l.created_at >= ?) AS likes,
      (SELECT COUNT(*) FROM saves s WHERE s.post_id = p.id AND s.created_at >= ?) AS saves,
      (SELECT COUNT(*) FROM comments c WHERE c.post_id = p.id AND c.created_at >= ? AND c.hidden IS NULL)
        + (SELECT COUNT(*) FROM replies r WHERE r.post_id = p.id AND r.created_at >= ? AND r.hidden IS NULL) AS comments
    FROM posts p
    WHERE ${walkKey(postgres, 'p.user_id')}
    ORDER BY p.user_id DESC, p.id DESC
    LIMIT ?`,
  /** One of the writer's posts (by post id and user id). */
  post: 'SELECT id, title, created_at, user_id FROM posts WHERE id = ?',
  /** Whose a post is (the access policy's question). */
  postOwner: 'SELECT user_id FROM posts WHERE id = ?',
  /**
   * One post's numbers per day since a day (views, reads) and an instant (the rest), as (kind, day, n)
   * rows; days without any have no row (a kind may have a row per table of a day: they add up).
   * Parameters: (post id, day) ×2, (post id, instant) ×4.
   */
  series: `SELECT 'views' AS kind, day, views AS n FROM post_stats_daily WHERE post_id = ? AND day >= ?
    UNION ALL SELECT 'reads', day, reads FROM post_stats_daily WHERE post_id = ? AND day >= ?
    UNION ALL SELECT 'likes', substr(created_at, 1, 10), COUNT(*) FROM likes WHERE post_id = ? AND kind = 'like' AND created_at >= ? GROUP BY substr(created_at, 1, 10)
    UNION ALL SELECT 'saves', substr(created_at, 1, 10), COUNT(*) FROM saves WHERE post_id = ? AND created_at >= ? GROUP BY substr(created_at, 1, 10)
    UNION ALL SELECT 'comments', substr(created_at, 1, 10), COUNT(*) FROM comments WHERE post_id = ? AND created_at >= ? AND hidden IS NULL GROUP BY substr(created_at, 1, 10)
    UNION ALL SELECT 'comments', substr(created_at, 1, 10), COUNT(*) FROM replies WHERE post_id = ? AND created_at >= ? AND hidden IS NULL GROUP BY substr(created_at, 1, 10)`,
} as const;

export interface OverviewRow {
  id: number;
  title: string;
  created_at: string;
  views: number;
  reads: number;
  likes: number;
  saves: number;
  comments: number;
}

export type SeriesKind = 'views' | 'reads' | 'likes' | 'saves' | 'comments';

export async function findCountedPost(database: Database, postId: number): Promise<{ user_id: number } | undefined> {
  return (await database.all<{ user_id: number }>(STATS_SQL.countedPost, [postId]))[0];
}

/**
 * The salt of `day`: the one stored, or `candidate` when there was none (of several processes asking
 * at once, the first insert stays and all answer it). undefined only if it was deleted meanwhile.
 */
export async function saltOfDay(db: Kysely<DB>, day: string, candidate: string): Promise<string | undefined> {
  await db
    .insertInto('stats_salts')
    .values({ day, salt: candidate })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  return (await db.selectFrom('stats_salts').select('salt').where('day', '=', day).executeTakeFirst())?.salt;
}

/** Deletes the salts of the days before `day`: nobody can compute those days' keys any more. */
export async function deleteSaltsBefore(db: Kysely<DB>, day: string): Promise<void> {
  await db.deleteFrom('stats_salts').where('day', '<', day).execute();
}

/**
 * Counts a reader once: inserts their row for the post, day and kind unless it is there, and only when
 * it was inserted raises the day's counter, in the same transaction. So any number of identical
 * beacons, at once or not, from any process, leave one row and a counter of one. true when counted.
 */
export async function countReader(db: Kysely<DB>, row: { post_id: number; day: string; kind: StatsKind; reader: string }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('post_readers')
      .values(row)
      .onConflict((oc) => oc.columns(['post_id', 'day', 'kind', 'reader']).doNothing())
      .returning('post_id')
      .executeTakeFirst();
    if (!inserted) return false;
    const view = row.kind === 'view';
    await trx
      .insertInto('post_stats_daily')
      .values({ post_id: row.post_id, day: row.day, views: view ? 1 : 0, reads: view ? 0 : 1 })
      .onConflict((oc) =>
        oc.columns(['post_id', 'day']).doUpdateSet((eb) => (view ? { views: eb('post_stats_daily.views', '+', 1) } : { reads: eb('post_stats_daily.reads', '+', 1) })),
      )
      .execute();
    return true;
  });
}

/**
 * The deletion of at most `limit` reader rows of the days before `day`, oldest first: their physical
 * row ids from one range of post_readers_day_idx, then those rows (a TID scan on PostgreSQL, the rowid
 * on SQLite). A tuple IN of the key would hash-join over the whole table on PostgreSQL.
 */
export function readersBeforeQuery(db: Kysely<DB>, day: string, limit: number): RawBuilder<unknown> {
  return isPostgres(db)
    ? sql`DELETE FROM post_readers WHERE ctid = ANY (ARRAY(SELECT ctid FROM post_readers WHERE day < ${day} ORDER BY day LIMIT ${limit}))`
    : sql`DELETE FROM post_readers WHERE rowid IN (SELECT rowid FROM post_readers WHERE day < ${day} ORDER BY day LIMIT ${limit})`;
}

/** Deletes at most `limit` reader rows of the days before `day`; how many went. */
export async function deleteReadersBefore(db: Kysely<DB>, day: string, limit: number): Promise<number> {
  return Number((await readersBeforeQuery(db, day, limit).execute(db)).numAffectedRows ?? 0);
}

export function overviewRows(database: Database, userId: number, sinceDay: string, sinceInstant: string, limit: number): Promise<OverviewRow[]> {
  const i = sinceInstant;
  return database.all<OverviewRow>(STATS_SQL.overview(database.dialect === 'postgres'), [sinceDay, sinceDay, i, i, i, i, userId, limit]);
}

/** The post a writer's numbers are of, with whose it is (the access policy decides whether they may read them). */
export async function findStatsPost(database: Database, postId: number): Promise<{ id: number; title: string; created_at: string; user_id: number } | undefined> {
  return (await database.all<{ id: number; title: string; created_at: string; user_id: number }>(STATS_SQL.post, [postId]))[0];
}

export async function findPostOwner(database: Database, postId: number): Promise<{ user_id: number } | undefined> {
  return (await database.all<{ user_id: number }>(STATS_SQL.postOwner, [postId]))[0];
}

export function seriesRows(database: Database, postId: number, sinceDay: string, sinceInstant: string): Promise<Array<{ kind: SeriesKind; day: string; n: number }>> {
  const p = postId;
  const i = sinceInstant;
  return database.all(STATS_SQL.series, [p, sinceDay, p, sinceDay, p, i, p, i, p, i, p, i]);
}

/**
 * What the mails of a writer's stories did (newsletter_sends and their deliveries), per story, for the
 * stories of `postIds` (all of the writer's when left out). A story not mailed has no row.
 */
export function emailCounts(db: Kysely<DB>, writerId: number, postIds?: number[]) {
  const count = (status: string) => sql<number>`coalesce(sum(case when d.status = ${status} then 1 else 0 end), 0)`;
  return db
    .selectFrom('newsletter_sends as n')
    .leftJoin('newsletter_deliveries as d', 'd.post_id', 'n.post_id')
    .select((eb) => [
      'n.post_id',
      'n.status',
      'n.recipients',
      count('sent').as('sent'),
      count('pending').as('pending'),
      count('failed').as('failed'),
      count('bounced').as('bounced'),
      eb.fn.count<number>('d.unsubscribed_at').as('unsubscribed'),
    ])
    .where('n.writer_id', '=', writerId)
    .$if(postIds !== undefined, (q) => q.where('n.post_id', 'in', postIds!.length > 0 ? postIds! : [0]))
    .groupBy(['n.post_id', 'n.status', 'n.recipients'])
    .execute();
}
