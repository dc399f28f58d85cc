import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { HttpError } from '../lib/errors.ts';
import { mailTime } from '../mail/account-templates.ts';
import { suspensionOf } from '../db/shared.repository.ts';

/** What a suspended member is told when they try to sign in: until when, and why. */
export const suspendedMessage = (suspension: { ends_at: string | null; reason: string }): string =>
  `Your account is suspended ${suspension.ends_at ? `until ${mailTime(suspension.ends_at)}` : 'until the moderators lift it'}. Their reasons: ${suspension.reason}`;

/**
 * 403 as "not verified" is, told apart by `errors.account`: the login screens send an unverified
 * member to the Verified screen, and show this one on the form.
 */
const suspendedError = (message: string) => new HttpError(403, message, { account: [message] });

/**
 * Refuses a suspended member any way in (issue 47, ADR 0096): a password, Google, a reset link. Called
 * before the sign-in would bring a deactivated account back, which a suspension must not: 403 with the
 * reasons, which only the account's owner gets this far to read.
 */
export async function refuseSuspended(db: Kysely<DB>, userId: number): Promise<void> {
  const suspension = await suspensionOf(db, userId);
  if (suspension) throw suspendedError(suspendedMessage(suspension));
}
