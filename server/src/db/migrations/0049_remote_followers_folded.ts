import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The fold, step 5b (ADR 0080, 0083, docs/fold-audit.md §4): an account of another server that follows
 * a member is a row of `follows` like a member's (follower_id its row of users, through
 * remote_actors.user_id, 0046), counted in the member's followers_count and the account's
 * following_count; follows.activity_id keeps the Follow's id, which its Undo names and a Reject
 * answers (null for a member's follow). remote_followers goes. Frozen, portable.
 * Down makes remote_followers again (as 0030 did) from those rows, counts them out and takes them out
 * of `follows`.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** followers_count and following_count of every row of users that has a follow of an account elsewhere, moved by `sign` (+1 or -1) each. */
async function count(db: AnyDb, sign: 1 | -1): Promise<void> {
  const by = sql.raw(sign === 1 ? '+' : '-');
  const theirs = sql`SELECT f.follower_id, f.following_id FROM follows f JOIN users a ON a.id = f.follower_id WHERE a.domain IS NOT NULL`;
  await sql`UPDATE users SET followers_count = followers_count ${by} (SELECT count(*) FROM (${theirs}) t WHERE t.following_id = users.id)
    WHERE id IN (SELECT following_id FROM (${theirs}) t)`.execute(db);
  await sql`UPDATE users SET following_count = following_count ${by} (SELECT count(*) FROM (${theirs}) t WHERE t.follower_id = users.id)
    WHERE id IN (SELECT follower_id FROM (${theirs}) t)`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('follows').addColumn('activity_id', 'text').execute();
  await sql`INSERT INTO follows (follower_id, following_id, created_at, activity_id)
    SELECT ra.user_id, rf.user_id, rf.created_at, rf.follow_uri FROM remote_followers rf JOIN remote_actors ra ON ra.id = rf.actor_id
    WHERE ra.user_id IS NOT NULL
    ON CONFLICT DO NOTHING`.execute(db);
  await count(db, 1);
  await db.schema.dropTable('remote_followers').execute();
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('remote_followers')
    .$call((t) => (postgres ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('remote_actors.id').onDelete('cascade'))
    .addColumn('follow_uri', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('remote_followers_user_actor', ['user_id', 'actor_id'])
    .execute();
  await db.schema.createIndex('remote_followers_user_id').on('remote_followers').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('remote_followers_actor_id').on('remote_followers').column('actor_id').execute();
  await sql`INSERT INTO remote_followers (user_id, actor_id, follow_uri, created_at)
    SELECT f.following_id, ra.id, coalesce(f.activity_id, ''), f.created_at FROM follows f JOIN remote_actors ra ON ra.user_id = f.follower_id
    ORDER BY f.created_at, f.follower_id`.execute(db);
  await count(db, -1);
  await sql`DELETE FROM follows WHERE follower_id IN (SELECT id FROM users WHERE domain IS NOT NULL)`.execute(db);
  await db.schema.alterTable('follows').dropColumn('activity_id').execute();
}
