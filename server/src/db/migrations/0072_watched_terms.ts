import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Watched terms (issue 47, ADR 0104): words and phrases, link domains and e-mail domains the moderators
 * watch, each held for review or refused — a comment or reply that uses one, a sign-up from one. One
 * row per kind and term (lower case). Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('watched_terms')
    .$call((t) => (postgres ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('watched_terms_kind_term_idx').on('watched_terms').columns(['kind', 'term']).unique().execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('watched_terms').execute();
}
