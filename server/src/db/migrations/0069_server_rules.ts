import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * The server's rules (issue 47, ADR 0102): `server_rules`, each a title and a few words of body, in the
 * order they are shown (`position`), removed ones kept (`removed_at`) for the cases that named them;
 * `cases.rule_id`, the rule a case was decided under. Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('server_rules')
    .$call((t) => (postgres ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'text')
    .execute();
  // No foreign key: SQLite cannot drop a column that has one, and a rule is never deleted (only removed from the list).
  await db.schema.alterTable('cases').addColumn('rule_id', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('cases').dropColumn('rule_id').execute();
  await db.schema.dropTable('server_rules').execute();
}
