import type { Kysely } from 'kysely';
import type { DB, WatchedTermsTable } from '../db/schema.ts';

/** The SQL of the watched terms (migration 0072, ADR 0104). */

export function allWatched(db: Kysely<DB>) {
  return db.selectFrom('watched_terms').select(['id', 'kind', 'term', 'action', 'created_at']).orderBy('kind').orderBy('term').execute();
}

/** Adds the term, or changes its action; what it was before (undefined: new). */
export async function upsertWatched(db: Kysely<DB>, row: Pick<WatchedTermsTable, 'kind' | 'term' | 'action' | 'created_at'>): Promise<{ id: number; before: string | undefined }> {
  const found = await db.selectFrom('watched_terms').select(['id', 'action']).where('kind', '=', row.kind).where('term', '=', row.term).executeTakeFirst();
  if (found) {
    await db.updateTable('watched_terms').set({ action: row.action }).where('id', '=', found.id).execute();
    return { id: found.id, before: found.action };
  }
  const made = await db.insertInto('watched_terms').values(row).returning('id').executeTakeFirstOrThrow();
  return { id: made.id, before: undefined };
}

export function deleteWatched(db: Kysely<DB>, id: number) {
  return db.deleteFrom('watched_terms').where('id', '=', id).returning(['kind', 'term', 'action']).executeTakeFirst();
}
