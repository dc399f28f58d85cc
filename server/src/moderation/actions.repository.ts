import type { Kysely } from 'kysely';
import { releaseLimits } from '../db/shared.repository.ts';
import type { DB, ModerationActionsTable } from '../db/schema.ts';

/** The SQL of the moderators' actions with effects (migration 0065, ADR 0096). */

export type ActionRow = Pick<ModerationActionsTable, 'kind' | 'subject_id' | 'target_id' | 'case_id' | 'starts_at' | 'ends_at' | 'created_by' | 'undo'> & {
  id: number;
  reason: string;
  target_kind: 'account' | 'comment' | 'reply';
};

const COLUMNS = ['id', 'kind', 'subject_id', 'target_kind', 'target_id', 'case_id', 'reason', 'starts_at', 'ends_at', 'created_by', 'undo'] as const;

/** The member an action is about, by id: name and address (mail), whether deactivated now, and whether they are a member here. */
export function subjectOf(db: Kysely<DB>, id: number) {
  return db.selectFrom('users').select(['id', 'name', 'handle', 'email', 'domain', 'deactivated_at']).where('id', '=', id).executeTakeFirst();
}

/** The action of this kind in force on the thing (an account by default: its id), if any. */
export function actionInForce(
  db: Kysely<DB>,
  targetId: number,
  kind: ModerationActionsTable['kind'],
  targetKind: ActionRow['target_kind'] = 'account',
): Promise<ActionRow | undefined> {
  return db
    .selectFrom('moderation_actions')
    .select(COLUMNS)
    .where('target_kind', '=', targetKind)
    .where('target_id', '=', targetId)
    .where('kind', '=', kind)
    .where('lifted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertAction(db: Kysely<DB>, action: Omit<ActionRow, 'id'>): Promise<number> {
  return (await db.insertInto('moderation_actions').values(action).returning('id').executeTakeFirstOrThrow()).id;
}

/** Marks it lifted, once: false when it was lifted already (by the clock or another moderator). */
export async function markLifted(db: Kysely<DB>, id: number, now: string): Promise<boolean> {
  return (await db.updateTable('moderation_actions').set({ lifted_at: now }).where('id', '=', id).where('lifted_at', 'is', null).returning('id').executeTakeFirst()) !== undefined;
}

/** Actions of a kind in force whose end has come, oldest end first. */
export function dueActions(db: Kysely<DB>, kind: ModerationActionsTable['kind'], now: string, limit: number): Promise<ActionRow[]> {
  return db
    .selectFrom('moderation_actions')
    .select(COLUMNS)
    .where('lifted_at', 'is', null)
    .where('ends_at', '<=', now)
    .where('kind', '=', kind)
    .orderBy('ends_at')
    .limit(limit)
    .execute();
}

/**
 * Says on the account's row that it is limited (since `on`) or not (null), for the reading side
 * (migration 0076, ADR 0111); an account still limited another way (its server's limit, ADR 0112)
 * stays so (releaseLimits).
 */
export async function markLimited(db: Kysely<DB>, id: number, on: string | null): Promise<void> {
  if (on === null) return releaseLimits(db, [id]);
  await db.updateTable('users').set({ limited_at: on }).where('id', '=', id).execute();
}
