import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export async function insertHelpRequest(db: Kysely<DB>, userId: number, message: string, now: string): Promise<void> {
  await db.insertInto('help_requests').values({ user_id: userId, message, created_at: now }).execute();
}

/** Open requests, oldest first, with who asked. */
export function openHelpRequests(db: Kysely<DB>, limit: number) {
  return db
    .selectFrom('help_requests as h')
    .innerJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.id', 'h.user_id', 'h.message', 'h.created_at', 'u.email', 'u.name'])
    .where('h.status', '=', 'open')
    .orderBy('h.id')
    .limit(limit)
    .execute();
}

export function findHelpRequest(db: Kysely<DB>, id: number) {
  return db.selectFrom('help_requests').select(['id', 'user_id', 'status', 'message']).where('id', '=', id).executeTakeFirst();
}
