import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Stories of accounts of other fediverse servers that members follow (issue 30). Frozen, portable.
 * - remote_stories: one row per Article or Note (not a reply) its account published, kept once for
 *   the whole site whoever follows it: the object's id, its page, title and summary as plain text, its
 *   content as sanitized HTML, when it was published and last changed. It goes with the account.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('remote_stories')
    .$call((t) => (postgres ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('remote_actors.id').onDelete('cascade'))
    .addColumn('object_uri', 'text', (c) => c.notNull().unique())
    .addColumn('url', 'text')
    .addColumn('title', 'text')
    .addColumn('summary', 'text')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('remote_stories_actor_id').on('remote_stories').columns(['actor_id', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('remote_stories').execute();
}
