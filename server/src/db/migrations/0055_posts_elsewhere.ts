import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { rebuildSqliteTable } from '../sqlite-rebuild.ts';

/**
 * The fold, step 5e, its first part (ADR 0080, 0083, docs/fold-audit.md §0.8): a post may be a story of
 * an account elsewhere, kept here. posts gains `ap_id`, the story's object id (unique: a story
 * delivered twice is one post; a partial index, see AP_ID_INDEX), and `url`, its page on its own server; both are null for a member's.
 * Such a story has no topic, so category_id may be null, and a CHECK says only a story from elsewhere
 * (ap_id set) may go without one. The rows of remote_stories move in the next part. Frozen, portable.
 * - PostgreSQL: ADD COLUMN, the two indexes, ALTER COLUMN … DROP NOT NULL and the CHECK.
 * - SQLite cannot drop a NOT NULL in place: posts is rebuilt (SQLite's documented twelve steps, as
 *   0045 rebuilt users), foreign keys off, or DROP TABLE posts would cascade through every table that
 *   references it. Its indexes and its nine full-text triggers (0006, 0019) go with the old table and
 *   are made again from the text SQLite kept of them; the full-text rows are keyed by id, which the
 *   copy keeps, so they stay valid. AUTOINCREMENT's high-water mark is carried over.
 * Down deletes the stories from elsewhere (what hangs on them goes with them), then puts it back.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const CHECK = 'ap_id IS NOT NULL OR category_id IS NOT NULL';
/**
 * The object id unique among the stories from elsewhere, and only those in the index: with every post of
 * the site in it under NULL, both planners took the index for the lists' `ap_id IS NULL` and read all
 * of it (a sorted walk of the latest posts became a sort of every post). A look-up by `ap_id = ?` implies
 * NOT NULL, so it still uses the index.
 */
const AP_ID_INDEX = 'CREATE UNIQUE INDEX posts_ap_id_key ON posts (ap_id) WHERE ap_id IS NOT NULL';
/**
 * The site's posts by id, for the lists that walk the newest of them (the latest posts, For you's
 * popular window, Picks, related posts, the top bar's search): however many stories from elsewhere
 * came in between, a page reads only the site's.
 */
const SITE_INDEX = 'CREATE INDEX posts_site_idx ON posts (id) WHERE ap_id IS NULL';
const NEW_INDEXES = ['posts_ap_id_key', 'posts_site_idx'];

/** Every column of posts in 0001 … 0054's order, and this migration's two when `elsewhere`. */
function postsTable(name: string, elsewhere: boolean): string {
  return `CREATE TABLE "${name}" ("id" integer primary key autoincrement, "user_id" integer not null references "users" ("id") on delete cascade,
    "category_id" integer${elsewhere ? '' : ' not null'} references "categories" ("id"), "title" text not null, "sub_title" text not null,
    "description" text not null, "image" text, "read_time" integer default 0 not null, "likes_count" integer default 0 not null,
    "comments_count" integer default 0 not null, "created_at" text not null, "updated_at" text not null, "body_text" TEXT NOT NULL DEFAULT ''${
      elsewhere ? `, "ap_id" text, "url" text, constraint "posts_from_elsewhere" check (${CHECK})` : ''
    })`;
}

const COLUMNS = 'id, user_id, category_id, title, sub_title, description, image, read_time, likes_count, comments_count, created_at, updated_at, body_text';

/**
 * SQLite: posts rebuilt (db/sqlite-rebuild.ts); its indexes and triggers made again as SQLite kept their text (not this migration's two
 * indexes, made here going up and gone with the column going down).
 */
async function rebuildPosts(db: AnyDb, elsewhere: boolean): Promise<void> {
  const around = await sql<{ name: string; sql: string }>`
    SELECT name, sql FROM sqlite_master WHERE tbl_name = 'posts' AND type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY type, name`.execute(db);
  await rebuildSqliteTable(db, 'posts', {
    create: (name) => postsTable(name, elsewhere),
    columns: COLUMNS,
    after: async (run) => {
      for (const { name, sql: text } of around.rows) if (!NEW_INDEXES.includes(name)) await run(text);
      if (elsewhere) for (const index of [AP_ID_INDEX, SITE_INDEX]) await run(index);
    },
  });
}

export async function up(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(`ALTER TABLE posts ADD COLUMN ap_id text, ADD COLUMN url text, ALTER COLUMN category_id DROP NOT NULL, ADD CONSTRAINT posts_from_elsewhere CHECK (${CHECK})`)
      .execute(db);
    for (const index of [AP_ID_INDEX, SITE_INDEX]) await sql.raw(index).execute(db);
    return;
  }
  await rebuildPosts(db, true);
}

export async function down(db: AnyDb): Promise<void> {
  // A story from elsewhere cannot stay without its topic; what hangs on it (likes, comments) goes with it.
  await db.deleteFrom('posts').where('ap_id', 'is not', null).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`DROP INDEX posts_site_idx`.execute(db);
    await sql`DROP INDEX posts_ap_id_key`.execute(db);
    await sql`ALTER TABLE posts DROP CONSTRAINT posts_from_elsewhere, DROP COLUMN url, DROP COLUMN ap_id, ALTER COLUMN category_id SET NOT NULL`.execute(db);
    return;
  }
  await rebuildPosts(db, false);
}
