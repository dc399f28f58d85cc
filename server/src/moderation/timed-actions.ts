import type { Kysely } from 'kysely';
import type { DB, ModerationActionsTable } from '../db/schema.ts';
import { type ActionRow, dueActions } from './actions.repository.ts';

/** What the audit log and a refusal call the account an action is about. */
export const subjectLabel = (subject: { name: string | null; handle: string | null; email: string | null }): string =>
  subject.name?.trim() || subject.handle || subject.email || 'an account';

/** When an action begun at `now` for `forMs` ends: null, until lifted, when it has no length. */
export const endOf = (now: string, forMs: number | undefined): string | null => (forMs === undefined ? null : new Date(Date.parse(now) + forMs).toISOString());

/**
 * The clock's round for one kind of timed action: every one in force whose end has come by `now`, at
 * most 100 a round, each lifted by `liftOne` (its own transaction; false when it was lifted already);
 * how many it lifted.
 */
export async function liftDueOf(db: Kysely<DB>, kind: ModerationActionsTable['kind'], now: string, liftOne: (action: ActionRow) => Promise<boolean>): Promise<number> {
  let count = 0;
  for (const action of await dueActions(db, kind, now, 100)) if (await liftOne(action)) count += 1;
  return count;
}

/** An action lifted in the caller's transaction: false when it was lifted already; else what to say once that commits. */
export type Lifting = false | { afterCommit?: () => void };
