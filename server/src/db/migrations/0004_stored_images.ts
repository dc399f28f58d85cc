import { type Kysely, sql } from 'kysely';

/**
 * stored_images: a ledger of every file under /storage, with when it was last uploaded. post_images
 * gains a foreign key to it, so a post can only reference a file the ledger knows, and a file is only
 * removed by deleting its ledger row first (which the key refuses while a post references it).
 * Backfilled from what posts and profiles reference today, including posts saved before post_images
 * existed (their covers and the /storage images of their bodies). Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const STORED_PATH = /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/;
const BODY_IMAGE = /<img\s[^>]*?src="\/storage\/([^"]+)"/g;
const BATCH = 500;

const asStoredPath = (value: string | null): string | null => {
  if (!value) return null;
  const bare = value.startsWith('/storage/') ? value.slice('/storage/'.length) : value;
  return STORED_PATH.test(bare) ? bare : null;
};

async function insertBatches<T>(db: AnyDb, table: string, rows: T[], conflict: string[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .onConflict((oc) => oc.columns(conflict as never).doNothing())
      .execute();
  }
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('stored_images')
    .addColumn('path', 'text', (c) => c.primaryKey())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stored_images_uploaded_idx').on('stored_images').column('uploaded_at').execute();
  // "Does a profile use this file?" is asked before each removal.
  await db.schema.createIndex('users_profile_picture_idx').on('users').column('profile_picture').execute();

  // What posts reference: their post_images rows, plus covers and body images of older posts.
  const postImages: Array<{ post_id: number; path: string }> = [];
  let after = 0;
  for (;;) {
    const posts: Array<{ id: number; image: string | null; description: string }> = await db
      .selectFrom('posts')
      .select(['id', 'image', 'description'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (posts.length === 0) break;
    for (const post of posts) {
      const paths = new Set<string>();
      const cover = asStoredPath(post.image);
      if (cover) paths.add(cover);
      for (const match of post.description.matchAll(BODY_IMAGE)) {
        const body = asStoredPath(match[1]!);
        if (body) paths.add(body);
      }
      for (const path of paths) postImages.push({ post_id: post.id, path });
    }
    after = posts[posts.length - 1]!.id;
  }
  await insertBatches(db, 'post_images', postImages, ['post_id', 'path']);

  const now = new Date().toISOString();
  const known = new Set<string>();
  const referenced: Array<{ path: string }> = await db.selectFrom('post_images').select('path').distinct().execute();
  for (const { path } of referenced) known.add(path);
  const pictures: Array<{ profile_picture: string | null }> = await db.selectFrom('users').select('profile_picture').where('profile_picture', 'is not', null).execute();
  for (const { profile_picture } of pictures) {
    const path = asStoredPath(profile_picture);
    if (path) known.add(path);
  }
  await insertBatches(
    db,
    'stored_images',
    [...known].map((path) => ({ path, uploaded_at: now })),
    ['path'],
  );

  // post_images again, now with its key to the ledger (SQLite cannot add a foreign key in place).
  await rebuildPostImages(db, true);
}

/** Copies post_images into a new table with or without the key to the ledger, and puts it in its place. */
async function rebuildPostImages(db: AnyDb, keyedToLedger: boolean): Promise<void> {
  const next = keyedToLedger ? 'post_images_next' : 'post_images_prev';
  await db.schema
    .createTable(next)
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => (keyedToLedger ? c.notNull().references('stored_images.path') : c.notNull()))
    .addPrimaryKeyConstraint(keyedToLedger ? 'post_images_key' : 'post_images_pk', ['post_id', 'path'])
    .execute();
  await sql`INSERT INTO ${sql.table(next)} (post_id, path) SELECT post_id, path FROM post_images`.execute(db);
  await db.schema.dropTable('post_images').execute();
  await db.schema.alterTable(next).renameTo('post_images').execute();
  await db.schema.createIndex('post_images_path_idx').on('post_images').column('path').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await rebuildPostImages(db, false);
  await db.schema.dropIndex('users_profile_picture_idx').execute();
  await db.schema.dropTable('stored_images').execute();
}
