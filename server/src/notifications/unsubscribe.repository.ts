import type { Kysely } from 'kysely';
import type { MailKind } from '@inkwell/contract';
import type { DB } from '../db/schema.ts';

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
