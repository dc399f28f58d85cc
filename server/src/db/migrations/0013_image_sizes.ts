import type { Kysely } from 'kysely';

/**
 * stored_images.width / height: an image's intrinsic size in pixels, recorded on upload. With its path
 * it tells which narrower copies were stored beside it (contract/images.ts), so pages can offer a
 * srcset and reserve the image's space. Rows of files stored before this stay NULL (no copies: the
 * single file serves) until the storage sweep measures them and writes their copies. Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('stored_images').addColumn('width', 'integer').execute();
  await db.schema.alterTable('stored_images').addColumn('height', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('stored_images').dropColumn('height').execute();
  await db.schema.alterTable('stored_images').dropColumn('width').execute();
}
