import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Actions with effects (issue 47, ADR 0096). Frozen, portable.
 * - moderation_actions: what the moderators did to an account (`subject_id`), and until when: its kind
 *   ('suspend' first; the others come with their effects), the case it decided (null when taken
 *   directly), the reasons the account is told (`reason`), when it began and ends (`ends_at`; null:
 *   until lifted), when it was lifted (by hand or by the clock), who took it (null: the command line),
 *   and what lifting it puts back (`undo`, JSON). One suspension in force per account (a partial
 *   unique index); the clock finds the due ones by their end.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('moderation_actions')
    .$call((t) => (postgres ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('case_id', 'integer', (c) => c.references('cases.id').onDelete('set null'))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text')
    .addColumn('lifted_at', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('undo', 'text')
    .execute();
  await sql`CREATE UNIQUE INDEX moderation_actions_in_force_idx ON moderation_actions (subject_id, kind) WHERE lifted_at IS NULL`.execute(db);
  await sql`CREATE INDEX moderation_actions_due_idx ON moderation_actions (ends_at) WHERE lifted_at IS NULL`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('moderation_actions').execute();
}
