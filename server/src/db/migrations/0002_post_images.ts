import type { Kysely } from 'kysely';

/**
 * post_images: every stored image a post references (its cover and the /storage images of its body),
 * so deleting or editing a post can tell which files nothing uses any more. Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('post_images')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_images_pk', ['post_id', 'path'])
    .execute();
  await db.schema.createIndex('post_images_path_idx').on('post_images').column('path').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('post_images').execute();
}
