import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The SQL of statement presets (migration 0070, ADR 0102). */

/** The words of a preset by its name; undefined when there is none. */
export async function presetText(db: Kysely<DB>, name: string): Promise<string | undefined> {
  return (await db.selectFrom('statement_presets').select('text').where('name', '=', name).executeTakeFirst())?.text;
}

export function listPresets(db: Kysely<DB>) {
  return db.selectFrom('statement_presets').select(['name', 'text', 'updated_at']).orderBy('name').execute();
}

/** Makes the preset, or replaces its words. */
export async function putPreset(db: Kysely<DB>, name: string, text: string, now: string, exists: boolean): Promise<void> {
  if (exists) await db.updateTable('statement_presets').set({ text, updated_at: now }).where('name', '=', name).execute();
  else await db.insertInto('statement_presets').values({ name, text, created_at: now, updated_at: now }).execute();
}

/** Removes the preset; its words, or undefined when there was none. */
export async function deletePreset(db: Kysely<DB>, name: string): Promise<string | undefined> {
  return (await db.deleteFrom('statement_presets').where('name', '=', name).returning('text').executeTakeFirst())?.text;
}
