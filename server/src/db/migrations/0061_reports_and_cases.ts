import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Trust and safety: reports and the cases they make (issue 47, ADR 0092). Frozen, portable.
 * - cases: what the moderators decide on, one per reported thing while open: its kind ('post',
 *   'comment', 'reply', 'account') and id (no foreign key: the case outlives what it is about), the
 *   account it concerns (`subject_id`, a member or an account elsewhere; null once that account is
 *   gone), its status ('open', 'resolved'), when it was opened and resolved.
 * - reports: a reader's report of the thing (`reporter_id`; null once their account is gone: the
 *   report stays with its case), in the case of that thing, with its category and note. One open
 *   report per reporter and thing (a partial unique index); one open case per thing (another).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('cases')
    .$call((t) => (postgres ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('opened_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .execute();
  await sql`CREATE UNIQUE INDEX cases_open_target_idx ON cases (target_kind, target_id) WHERE status = 'open'`.execute(db);
  await db.schema.createIndex('cases_status_idx').on('cases').columns(['status', 'id']).execute();
  await db.schema.createIndex('cases_subject_idx').on('cases').column('subject_id').execute();

  await db.schema
    .createTable('reports')
    .$call((t) => (postgres ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('reporter_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX reports_open_once_idx ON reports (reporter_id, target_kind, target_id) WHERE status = 'open'`.execute(db);
  await db.schema.createIndex('reports_case_idx').on('reports').column('case_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('reports').execute();
  await db.schema.dropTable('cases').execute();
}
