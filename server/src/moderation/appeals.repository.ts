import type { Kysely } from 'kysely';
import type { AppealsTable, DB } from '../db/schema.ts';
import type { ActionRow } from './actions.repository.ts';

/** The SQL of appeals (migration 0071, ADR 0103). */

const ACTION_COLUMNS = ['id', 'kind', 'subject_id', 'target_kind', 'target_id', 'case_id', 'reason', 'starts_at', 'ends_at', 'created_by', 'undo', 'lifted_at'] as const;
export type AppealedActionRow = ActionRow & { lifted_at: string | null };

/** Keeps the hash of the action's appeal link. */
export async function setAppealToken(db: Kysely<DB>, actionId: number, tokenHash: string): Promise<void> {
  await db.updateTable('moderation_actions').set({ appeal_token: tokenHash }).where('id', '=', actionId).execute();
}

/** The action an appeal link's token hash belongs to, if any. */
export function actionByAppealToken(db: Kysely<DB>, tokenHash: string): Promise<AppealedActionRow | undefined> {
  return db.selectFrom('moderation_actions').select(ACTION_COLUMNS).where('appeal_token', '=', tokenHash).executeTakeFirst() as Promise<AppealedActionRow | undefined>;
}

export function actionById(db: Kysely<DB>, id: number): Promise<AppealedActionRow | undefined> {
  return db.selectFrom('moderation_actions').select(ACTION_COLUMNS).where('id', '=', id).executeTakeFirst() as Promise<AppealedActionRow | undefined>;
}

/** A new end for an action in force (an appeal changed it). */
export async function setActionEnd(db: Kysely<DB>, actionId: number, endsAt: string): Promise<boolean> {
  const done = await db.updateTable('moderation_actions').set({ ends_at: endsAt }).where('id', '=', actionId).where('lifted_at', 'is', null).returning('id').executeTakeFirst();
  return done !== undefined;
}

const APPEAL_COLUMNS = ['id', 'action_id', 'appellant_id', 'text', 'status', 'reply', 'decided_by', 'decided_at', 'created_at'] as const;
export type AppealRow = Pick<AppealsTable, 'action_id' | 'appellant_id' | 'text' | 'created_at'> & {
  id: number;
  status: 'open' | 'approved' | 'rejected' | 'changed';
  reply: string | null;
  decided_by: number | null;
  decided_at: string | null;
};

export function appealOfAction(db: Kysely<DB>, actionId: number): Promise<AppealRow | undefined> {
  return db.selectFrom('appeals').select(APPEAL_COLUMNS).where('action_id', '=', actionId).executeTakeFirst();
}

export function appealById(db: Kysely<DB>, id: number): Promise<AppealRow | undefined> {
  return db.selectFrom('appeals').select(APPEAL_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The appeal, once per action: false when the action has one already (the unique index decides). */
export async function insertAppeal(db: Kysely<DB>, appeal: { action_id: number; appellant_id: number; text: string; created_at: string }): Promise<number | false> {
  const made = await db
    .insertInto('appeals')
    .values(appeal)
    .onConflict((c) => c.column('action_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return made ? made.id : false;
}

/** Answers an open appeal, once: false when it was answered already. */
export async function answerAppeal(
  db: Kysely<DB>,
  id: number,
  answer: { status: AppealRow['status']; reply: string; decided_by: number | null; decided_at: string },
): Promise<boolean> {
  const done = await db.updateTable('appeals').set(answer).where('id', '=', id).where('status', '=', 'open').returning('id').executeTakeFirst();
  return done !== undefined;
}

/** Appeals by status, oldest first, with the action each is about. */
export function appealsByStatus(db: Kysely<DB>, status: AppealRow['status'] | 'any', limit: number) {
  return db
    .selectFrom('appeals')
    .innerJoin('moderation_actions', 'moderation_actions.id', 'appeals.action_id')
    .select([
      'appeals.id',
      'appeals.action_id',
      'appeals.appellant_id',
      'appeals.text',
      'appeals.status',
      'appeals.reply',
      'appeals.created_at',
      'appeals.decided_at',
      'moderation_actions.kind',
      'moderation_actions.target_kind',
      'moderation_actions.target_id',
      'moderation_actions.case_id',
      'moderation_actions.reason',
      'moderation_actions.ends_at',
      'moderation_actions.lifted_at',
    ])
    .$if(status !== 'any', (q) => q.where('appeals.status', '=', status as AppealRow['status']))
    .orderBy('appeals.created_at')
    .orderBy('appeals.id')
    .limit(limit)
    .execute();
}

/**
 * A page of the console's appeals (ADR 0106): the open ones oldest first (after the cursor's id), or
 * those answered newest first (before it), each with the action, the appellant, and the names of who
 * took the action and who answered (null: the command line).
 */
export function appealsPage(db: Kysely<DB>, filter: { answered: boolean; cursor: number | undefined; limit: number }) {
  return db
    .selectFrom('appeals')
    .innerJoin('moderation_actions as a', 'a.id', 'appeals.action_id')
    .innerJoin('users as appellant', 'appellant.id', 'appeals.appellant_id')
    .leftJoin('users as taker', 'taker.id', 'a.created_by')
    .leftJoin('users as answerer', 'answerer.id', 'appeals.decided_by')
    .select([
      'appeals.id',
      'appeals.status',
      'appeals.text',
      'appeals.reply',
      'appeals.created_at',
      'appeals.decided_at',
      'appeals.decided_by',
      'appellant.id as appellant_id',
      'appellant.name as appellant_name',
      'appellant.email as appellant_email',
      'appellant.handle as appellant_handle',
      'taker.name as taker_name',
      'taker.email as taker_email',
      'answerer.name as answerer_name',
      'answerer.email as answerer_email',
    ])
    .select([
      'a.id as action_id',
      'a.kind as action_kind',
      'a.target_kind as action_target_kind',
      'a.target_id as action_target_id',
      'a.case_id as action_case_id',
      'a.reason as action_reason',
      'a.starts_at as action_starts_at',
      'a.ends_at as action_ends_at',
      'a.lifted_at as action_lifted_at',
      'a.created_by as action_created_by',
    ])
    .$if(!filter.answered, (q) =>
      q
        .where('appeals.status', '=', 'open')
        .$if(filter.cursor !== undefined, (w) => w.where('appeals.id', '>', filter.cursor!))
        .orderBy('appeals.id', 'asc'),
    )
    .$if(filter.answered, (q) =>
      q
        .where('appeals.status', '!=', 'open')
        .$if(filter.cursor !== undefined, (w) => w.where('appeals.id', '<', filter.cursor!))
        .orderBy('appeals.id', 'desc'),
    )
    .limit(filter.limit)
    .execute();
}

/** How many appeals wait for an answer. */
export async function openAppealCount(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('appeals')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
