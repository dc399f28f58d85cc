import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Appeals (issue 47, ADR 0103): one per moderators' action, by the account it acts on, within the
 * appeal window after it began; answered by a moderator who approves it (the action is lifted), rejects
 * it or changes it (a new end), with reasons. The action keeps the SHA-256 of the token its statement
 * mail carries (`appeal_token`): the link lets a suspended member, who cannot sign in, appeal. An
 * appeal goes with its action and with its appellant's account. Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('moderation_actions').addColumn('appeal_token', 'text').execute();
  await db.schema.createIndex('moderation_actions_appeal_token_idx').on('moderation_actions').column('appeal_token').unique().execute();
  await db.schema
    .createTable('appeals')
    .$call((t) => (postgres ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('action_id', 'integer', (c) => c.notNull().unique().references('moderation_actions.id').onDelete('cascade'))
    .addColumn('appellant_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('reply', 'text')
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('appeals_status_idx').on('appeals').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('appeals_appellant_idx').on('appeals').column('appellant_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('appeals').execute();
  await db.schema.dropIndex('moderation_actions_appeal_token_idx').execute();
  await db.schema.alterTable('moderation_actions').dropColumn('appeal_token').execute();
}
