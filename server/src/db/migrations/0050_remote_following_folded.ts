import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The fold, step 5b (ADR 0080, 0083, docs/fold-audit.md §4): a member's follow of an account of
 * another server. Frozen, portable.
 * - follow_requests: a follow that waits for its Accept (ADR 0083: apart from follows, as Mastodon
 *   keeps them, so nothing that reads follows has to know about waiting): follower and followed (rows
 *   of users; they go with either), the Follow's id (unique: its Accept or Reject names it), since.
 * - An accepted one is a row of `follows` (following_id the account's row of users, through
 *   remote_actors.user_id, 0046) with the Follow's id in activity_id (0049), counted in the member's
 *   following_count and the account's followers_count.
 * remote_following goes. Down makes it again (as 0038 did) from both, counts the follows out and
 * takes them out of `follows`.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** followers_count and following_count of the rows on either side of a member's follow of an account elsewhere, moved by `sign` each. */
async function count(db: AnyDb, sign: 1 | -1): Promise<void> {
  const by = sql.raw(sign === 1 ? '+' : '-');
  const theirs = sql`SELECT f.follower_id, f.following_id FROM follows f JOIN users a ON a.id = f.following_id WHERE a.domain IS NOT NULL`;
  await sql`UPDATE users SET following_count = following_count ${by} (SELECT count(*) FROM (${theirs}) t WHERE t.follower_id = users.id)
    WHERE id IN (SELECT follower_id FROM (${theirs}) t)`.execute(db);
  await sql`UPDATE users SET followers_count = followers_count ${by} (SELECT count(*) FROM (${theirs}) t WHERE t.following_id = users.id)
    WHERE id IN (SELECT following_id FROM (${theirs}) t)`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('follow_requests')
    .addColumn('follower_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followed_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('activity_id', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('follow_requests_pk', ['follower_id', 'followed_id'])
    .execute();
  await db.schema.createIndex('follow_requests_followed_idx').on('follow_requests').column('followed_id').execute();
  const bridged = sql`FROM remote_following rf JOIN remote_actors ra ON ra.id = rf.actor_id WHERE ra.user_id IS NOT NULL`;
  await sql`INSERT INTO follow_requests (follower_id, followed_id, activity_id, created_at)
    SELECT rf.user_id, ra.user_id, rf.follow_uri, rf.created_at ${bridged} AND rf.state = 'pending'`.execute(db);
  await sql`INSERT INTO follows (follower_id, following_id, created_at, activity_id)
    SELECT rf.user_id, ra.user_id, coalesce(rf.accepted_at, rf.created_at), rf.follow_uri ${bridged} AND rf.state = 'accepted'
    ON CONFLICT DO NOTHING`.execute(db);
  await count(db, 1);
  await db.schema.dropTable('remote_following').execute();
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('remote_following')
    .$call((t) => (postgres ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('remote_actors.id').onDelete('cascade'))
    .addColumn('follow_uri', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addUniqueConstraint('remote_following_user_actor', ['user_id', 'actor_id'])
    .execute();
  await db.schema.createIndex('remote_following_actor_id').on('remote_following').column('actor_id').execute();
  await sql`INSERT INTO remote_following (user_id, actor_id, follow_uri, state, created_at, accepted_at)
    SELECT f.follower_id, ra.id, coalesce(f.activity_id, ''), 'accepted', f.created_at, f.created_at FROM follows f JOIN remote_actors ra ON ra.user_id = f.following_id
    ORDER BY f.created_at, f.follower_id`.execute(db);
  await sql`INSERT INTO remote_following (user_id, actor_id, follow_uri, state, created_at, accepted_at)
    SELECT r.follower_id, ra.id, r.activity_id, 'pending', r.created_at, NULL FROM follow_requests r JOIN remote_actors ra ON ra.user_id = r.followed_id
    ORDER BY r.created_at, r.follower_id`.execute(db);
  await count(db, -1);
  await sql`DELETE FROM follows WHERE following_id IN (SELECT id FROM users WHERE domain IS NOT NULL)`.execute(db);
  await db.schema.dropTable('follow_requests').execute();
}
