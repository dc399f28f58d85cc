import { type Kysely, sql } from 'kysely';

/**
 * A moderator's action on one thing (issue 47, ADR 0100): `moderation_actions.target_kind` and
 * `target_id`, what it acts on ('account' and the account for a suspension; 'comment' or 'reply' and
 * its id for a hide). One action of a kind in force per thing: the partial unique index moves from
 * (subject_id, kind) to (kind, target_kind, target_id). Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('moderation_actions')
    .addColumn('target_kind', 'text', (c) => c.notNull().defaultTo('account'))
    .execute();
  await db.schema.alterTable('moderation_actions').addColumn('target_id', 'integer').execute();
  await sql`UPDATE moderation_actions SET target_id = subject_id`.execute(db);
  await sql`DROP INDEX moderation_actions_in_force_idx`.execute(db);
  await sql`CREATE UNIQUE INDEX moderation_actions_in_force_idx ON moderation_actions (kind, target_kind, target_id) WHERE lifted_at IS NULL`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`DROP INDEX moderation_actions_in_force_idx`.execute(db);
  await sql`CREATE UNIQUE INDEX moderation_actions_in_force_idx ON moderation_actions (subject_id, kind) WHERE lifted_at IS NULL`.execute(db);
  await db.schema.alterTable('moderation_actions').dropColumn('target_id').execute();
  await db.schema.alterTable('moderation_actions').dropColumn('target_kind').execute();
}
