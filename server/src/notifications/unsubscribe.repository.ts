import type { Kysely } from 'kysely';
import type { MailKind } from '@inkwell/contract';
import type { DB } from '../db/schema.ts';

/**
 * A secret the app keeps for itself, made once by whichever app server asks first (they all read the
 * same row afterwards): `make` is only called when there is none yet.
 */
export async function appKey(db: Kysely<DB>, name: string, make: () => string, now: string): Promise<string> {
  const existing = await db.selectFrom('app_keys').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('app_keys')
    .values({ name, value: make(), created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_keys').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

const column = { like: 'notify_like', comment: 'notify_comment', follow: 'notify_follow', help: 'notify_help', post: 'notify_post' } as const satisfies Record<MailKind, string>;

/** Ticks or unticks one mail choice of a member; false when there is no such member. */
export async function setMailChoice(db: Kysely<DB>, userId: number, kind: MailKind, on: boolean, now: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ [column[kind]]: on ? 1 : 0, updated_at: now })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
