import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The SQL of the server's rules (migration 0069, ADR 0102). */

/** The rules in force, in order. */
export function rulesInForce(db: Kysely<DB>) {
  return db.selectFrom('server_rules').select(['id', 'title', 'body']).where('removed_at', 'is', null).orderBy('position').orderBy('id').execute();
}

/** A rule by id, removed or not. */
export function ruleById(db: Kysely<DB>, id: number) {
  return db.selectFrom('server_rules').select(['id', 'title', 'body', 'removed_at']).where('id', '=', id).executeTakeFirst();
}

/** A new rule, last in the list; its id. */
export async function insertRule(db: Kysely<DB>, rule: { title: string; body: string }, now: string): Promise<number> {
  const last = await db
    .selectFrom('server_rules')
    .select((eb) => eb.fn.max('position').as('position'))
    .executeTakeFirst();
  const position = Number(last?.position ?? 0) + 1;
  return (
    await db
      .insertInto('server_rules')
      .values({ ...rule, position, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** A rule in force edited; false when there is none such. */
export async function updateRule(db: Kysely<DB>, id: number, change: { title?: string; body?: string }, now: string): Promise<boolean> {
  const done = await db
    .updateTable('server_rules')
    .set({ ...change, updated_at: now })
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return done !== undefined;
}

/** A rule taken out of the list (kept for the cases that name it); false when it was not in it. */
export async function removeRule(db: Kysely<DB>, id: number, now: string): Promise<boolean> {
  const done = await db
    .updateTable('server_rules')
    .set({ removed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return done !== undefined;
}
