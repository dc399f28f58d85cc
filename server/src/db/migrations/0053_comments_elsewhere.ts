import type { Kysely } from 'kysely';

/**
 * The fold, step 5d, its first part (ADR 0080, 0083, docs/fold-audit.md §0.5): a comment or a reply
 * may be an account elsewhere's, a Note kept here. comments and replies gain `ap_id`, the Note's id
 * (unique: a Note delivered twice is one comment), and `url`, its page on its own server (the link to
 * the original). Both are null for a member's. The rows of remote_comments move in the next part.
 * Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const TABLES = ['comments', 'replies'] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('ap_id', 'text').execute();
    await db.schema.alterTable(table).addColumn('url', 'text').execute();
    await db.schema.createIndex(`${table}_ap_id_key`).on(table).column('ap_id').unique().execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_ap_id_key`).execute();
    await db.schema.alterTable(table).dropColumn('url').execute();
    await db.schema.alterTable(table).dropColumn('ap_id').execute();
  }
}
