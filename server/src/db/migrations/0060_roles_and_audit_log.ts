import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Trust and safety, its ground (issue 47, ADR 0091): staff roles and the audit log. Frozen, portable.
 * - roles: a role's name, its priority (nobody acts on a member whose role is at or above their own)
 *   and its permissions as bit flags (access/roles.ts), so a new role is a row, not a migration. The
 *   owner (300), admin (200) and moderator (100, all but managing roles and deleting data) are made here.
 * - member_roles: a member's one role (none: a reader), who gave it and when; it goes with the account.
 * - audit_log: what staff (or the operator's command line: actor_id null) did, in the transaction that
 *   did it: who (actor_id, without a foreign key: the row outlives the account; actor_name as it was),
 *   what (action), on what (target_kind, target_id, target_label), before and after (summary, JSON
 *   text), the case, when. Append-only: triggers refuse UPDATE and DELETE on both databases.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('roles')
    .$call((t) => (postgres ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('permissions', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('roles')
    .values([
      { name: 'owner', priority: 300, permissions: 255, created_at: now },
      { name: 'admin', priority: 200, permissions: 255, created_at: now },
      { name: 'moderator', priority: 100, permissions: 95, created_at: now },
    ])
    .execute();

  await db.schema
    .createTable('member_roles')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('member_roles_role_idx').on('member_roles').column('role_id').execute();

  await db.schema
    .createTable('audit_log')
    .$call((t) => (postgres ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer')
    .addColumn('target_label', 'text', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('case_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'id']).execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'id']).execute();
  if (postgres) {
    await sql`CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$`.execute(db);
    await sql`CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  } else {
    await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropTable('audit_log').execute();
  if (postgres) await sql`DROP FUNCTION audit_log_append_only()`.execute(db);
  await db.schema.dropTable('member_roles').execute();
  await db.schema.dropTable('roles').execute();
}
