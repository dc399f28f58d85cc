import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * drafts: posts in the making (issue 13), kept apart from posts so that no feed, search, RSS feed,
 * sitemap or count can see one. A draft may be incomplete (empty title, no category). publish_at is
 * set while it is scheduled (an ISO time in UTC, compared as text like every time here); preview_token
 * while its secret preview link works. draft_images: the stored images a draft uses (its cover and its
 * body's), so the storage sweep keeps them, as post_images does for posts. Both go with their member
 * (foreign keys cascade). Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('drafts')
    .$call((t) => (postgres ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sub_title', 'text', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('publish_at', 'text')
    .addColumn('preview_token', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('drafts_user_updated_idx').on('drafts').columns(['user_id', 'updated_at']).execute();
  await db.schema.createIndex('drafts_publish_at_idx').on('drafts').column('publish_at').execute();
  await db.schema
    .createTable('draft_images')
    .addColumn('draft_id', 'integer', (c) => c.notNull().references('drafts.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull().references('stored_images.path'))
    .addPrimaryKeyConstraint('draft_images_pk', ['draft_id', 'path'])
    .execute();
  await db.schema.createIndex('draft_images_path_idx').on('draft_images').column('path').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('draft_images').execute();
  await db.schema.dropTable('drafts').execute();
}
