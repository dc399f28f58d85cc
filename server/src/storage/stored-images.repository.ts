import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The ledger of stored image files (`stored_images`): the SQL of stored-images.ts. */

type Db = Kysely<DB>;

/** A ledger row whose file no post, draft and profile uses, last uploaded at or before `cutoff`. */
const unusedSince = (cutoff: string) => sql`uploaded_at <= ${cutoff}
    AND NOT EXISTS (SELECT 1 FROM post_images WHERE post_images.path = stored_images.path)
    AND NOT EXISTS (SELECT 1 FROM draft_images WHERE draft_images.path = stored_images.path)
    AND NOT EXISTS (SELECT 1 FROM users WHERE users.profile_picture IN (stored_images.path, '/storage/' || stored_images.path))`;

/** Of these paths, those the ledger knows. */
export async function knownPaths(db: Db, paths: readonly string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('stored_images').select('path').where('path', 'in', paths).execute();
  return new Set(rows.map((r) => r.path));
}

/** Deletes the row of `path` when it is unused since `cutoff`; whether it did. */
export async function deleteIfUnused(db: Db, path: string, cutoff: string): Promise<boolean> {
  const result = await sql`DELETE FROM stored_images WHERE path = ${path} AND ${unusedSince(cutoff)}`.execute(db);
  return Boolean(result.numAffectedRows);
}

/** Up to `limit` paths unused since `cutoff`, in path order. */
export async function unusedPaths(db: Db, cutoff: string, limit: number): Promise<string[]> {
  const rows = await sql<{ path: string }>`SELECT path FROM stored_images WHERE ${unusedSince(cutoff)} ORDER BY path LIMIT ${limit}`.execute(db);
  return rows.rows.map((r) => r.path);
}

/** Up to `limit` paths stored before sizes were recorded, after `after` in path order. */
export async function unmeasuredPaths(db: Db, after: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('stored_images').select('path').where('width', 'is', null).where('path', '>', after).orderBy('path').limit(limit).execute();
  return rows.map((r) => r.path);
}

export async function setSize(db: Db, path: string, size: { width: number; height: number }): Promise<void> {
  await db.updateTable('stored_images').set(size).where('path', '=', path).execute();
}

/** Records an upload (again): its size, and the time its grace period starts from. */
export async function recordUpload(db: Db, path: string, at: string, size: { width: number; height: number }): Promise<void> {
  await db
    .insertInto('stored_images')
    .values({ path, uploaded_at: at, ...size })
    .onConflict((oc) => oc.column('path').doUpdateSet({ uploaded_at: at, ...size }))
    .execute();
}
