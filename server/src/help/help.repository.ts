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

/** A page of requests by status: the open ones oldest first, those answered newest first; with the member and who answered. */
export function helpPage(db: Kysely<DB>, page: { answered: boolean; cursor: number | undefined; limit: number }) {
  let query = db
    .selectFrom('help_requests as h')
    .innerJoin('users as u', 'u.id', 'h.user_id')
    .leftJoin('users as a', 'a.id', 'h.answered_by')
    .select([
      'h.id',
      'h.status',
      'h.message',
      'h.created_at',
      'h.answer',
      'h.answered_at',
      'h.answered_by',
      'u.id as member_id',
      'u.name as member_name',
      'u.email as member_email',
      'a.name as answerer_name',
      'a.email as answerer_email',
    ])
    .where('h.status', '=', page.answered ? 'answered' : 'open');
  if (page.cursor !== undefined) query = query.where('h.id', page.answered ? '<' : '>', page.cursor);
  return query
    .orderBy('h.id', page.answered ? 'desc' : 'asc')
    .limit(page.limit)
    .execute();
}

/** How many requests wait for an answer. */
export async function openHelpCount(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('help_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
