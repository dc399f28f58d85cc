import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The fold, step 6 (ADR 0085): a member follows an account elsewhere with the ordinary follow call, so
 * the social module writes the request waiting for its Accept, and the federation module, reacting to
 * `follow.requested` in the same transaction, gives it the id of the Follow it owes the account's
 * server. follow_requests.activity_id may therefore be null between the two statements; it stays
 * unique. Frozen, portable.
 * PostgreSQL drops the NOT NULL; SQLite, which cannot, makes the table again (nothing points at it; its
 * keys to users and its index as 0050 made them). Down drops a request with no id (none outlives its
 * transaction) and puts the NOT NULL back the same way.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function remake(db: AnyDb, activityIdRequired: boolean): Promise<void> {
  await db.schema
    .createTable('follow_requests_next')
    .addColumn('follower_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followed_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('activity_id', 'text', (c) => (activityIdRequired ? c.notNull().unique() : c.unique()))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('follow_requests_pk', ['follower_id', 'followed_id'])
    .execute();
  await sql`INSERT INTO follow_requests_next (follower_id, followed_id, activity_id, created_at)
    SELECT follower_id, followed_id, activity_id, created_at FROM follow_requests`.execute(db);
  await db.schema.dropTable('follow_requests').execute();
  await db.schema.alterTable('follow_requests_next').renameTo('follow_requests').execute();
  await db.schema.createIndex('follow_requests_followed_idx').on('follow_requests').column('followed_id').execute();
}

export async function up(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`ALTER TABLE follow_requests ALTER COLUMN activity_id DROP NOT NULL`.execute(db);
    return;
  }
  await remake(db, false);
}

export async function down(db: AnyDb): Promise<void> {
  await db.deleteFrom('follow_requests').where('activity_id', 'is', null).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`ALTER TABLE follow_requests ALTER COLUMN activity_id SET NOT NULL`.execute(db);
    return;
  }
  await remake(db, true);
}
