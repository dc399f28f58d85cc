import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { commentStopOf } from '../db/shared.repository.ts';
import { forbidden } from '../lib/errors.ts';
import { mailTime } from '../mail/account-templates.ts';

/** What a member whose comments the moderators stopped is told when they write one (ADR 0101). */
export const commentsStoppedText = (stop: { ends_at: string | null; reason: string }) =>
  `The moderators have stopped you from writing comments and replies ${stop.ends_at ? `until ${mailTime(stop.ends_at)}` : 'until they lift it'}. Their reasons: ${stop.reason}`;

/** A member's comment or reply while the moderators' stop lasts: 403 with its end and reasons. */
export async function refuseStopped(trx: Kysely<DB>, userId: number): Promise<void> {
  const stop = await commentStopOf(trx, userId);
  if (stop) throw forbidden(commentsStoppedText(stop));
}

/** Whether an account's replies are stopped now (a Note from elsewhere is then not kept). */
export async function commentsStopped(trx: Kysely<DB>, userId: number): Promise<boolean> {
  return (await commentStopOf(trx, userId)) !== undefined;
}
