import { type Kysely, sql } from 'kysely';

/**
 * Writings held for review (issue 47, ADR 0099): `comments.hidden` and `replies.hidden`, null for one
 * everybody sees, 'held' while a moderator has not looked at it; each with a partial index on its
 * post, so that a reader's own held writings on a post page are a probe of a tiny index. The stats'
 * indexes of comments and replies by post and time (0020) become partial, of the writings in sight
 * (all the stats count), and carry `hidden`, so that SQLite still reads them as covering. A case opened
 * by a hold says why (`cases.held_for`; null for one opened by reports). Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  for (const table of ['comments', 'replies']) {
    await db.schema.alterTable(table).addColumn('hidden', 'text').execute();
    await db.schema.createIndex(`${table}_hidden_idx`).on(table).columns(['post_id', 'user_id']).where(sql.ref('hidden'), 'is not', null).execute();
    await db.schema.dropIndex(`${table}_post_time_idx`).execute();
    await db.schema.createIndex(`${table}_post_time_idx`).on(table).columns(['post_id', 'created_at', 'hidden']).where(sql.ref('hidden'), 'is', null).execute();
  }
  await db.schema.alterTable('cases').addColumn('held_for', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('cases').dropColumn('held_for').execute();
  for (const table of ['comments', 'replies']) {
    await db.schema.dropIndex(`${table}_post_time_idx`).execute();
    await db.schema.createIndex(`${table}_post_time_idx`).on(table).columns(['post_id', 'created_at']).execute();
    await db.schema.dropIndex(`${table}_hidden_idx`).execute();
    await db.schema.alterTable(table).dropColumn('hidden').execute();
  }
}
