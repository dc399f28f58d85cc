import type { Kysely } from 'kysely';
import type { AuditActor } from '../audit/audit.ts';
import type { CaseDecision, DB } from '../db/schema.ts';
import { CaseError } from './case-error.ts';
import { subjectsOfCases } from './cases.repository.ts';
import type { Decided, Decisions } from './decisions.service.ts';

/** What became of one case of a wave: decided, or refused (a CaseError, or what went wrong). */
export type WaveOutcome = { id: number } & ({ done: Decided } | { error: unknown });

export interface WaveOptions {
  /** How many cases about different accounts are decided side by side (1: one after the other). */
  parallel: number;
  /** Runs before each case is decided, with the account it concerns; a throw refuses that case. */
  check?: (caseId: number, subjectId: number | null) => Promise<void>;
}

/**
 * A wave of cases decided alike (issue 47: a spam wave, the console's bulk decision, `case:resolve
 * ID,ID,…`), each in its own transaction, so a refusal leaves the others decided. The cases go
 * `parallel` at a time, which PostgreSQL commits side by side (SQLite writes one at a time whatever is
 * asked); a suspension or a stop of comments about one account goes after the one before it (each
 * looks whether one is in force). The outcomes come in the order of `ids`.
 */
export async function decideWave(
  db: Kysely<DB>,
  decisions: Decisions,
  ids: readonly number[],
  decision: CaseDecision,
  note: string,
  by: AuditActor,
  more: Parameters<Decisions['decide']>[4],
  options: WaveOptions,
): Promise<WaveOutcome[]> {
  const unique = [...new Set(ids)];
  const subjects = await subjectsOfCases(db, unique);
  const groups = new Map<string, number[]>();
  // An action on an account (a suspension, a stop) first looks whether one is in force: those about one
  // account go one after the other. Anything else acts on its own case and thing.
  const byAccount = decision === 'suspend' || decision === 'no-comments' || decision === 'limit';
  for (const id of unique) {
    const subject = subjects.get(id);
    const key = byAccount && subject !== undefined && subject !== null ? `account ${subject}` : `case ${id}`;
    groups.set(key, [...(groups.get(key) ?? []), id]);
  }
  const outcomes = new Map<number, WaveOutcome>();
  const queue = [...groups.values()];
  const worker = async () => {
    for (let group = queue.shift(); group; group = queue.shift()) {
      for (const id of group) {
        try {
          await options.check?.(id, subjects.get(id) ?? null);
          outcomes.set(id, { id, done: await decisions.decide(id, decision, note, by, more) });
        } catch (error) {
          outcomes.set(id, { id, error });
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.parallel, queue.length)) }, worker));
  // A case that failed for no reason of its own (PostgreSQL gave up a transaction that met another's
  // locks) is tried once more, alone.
  for (const [id, outcome] of outcomes) {
    if (!('error' in outcome) || outcome.error instanceof CaseError || options.parallel <= 1) continue;
    try {
      outcomes.set(id, { id, done: await decisions.decide(id, decision, note, by, more) });
    } catch (error) {
      outcomes.set(id, { id, error });
    }
  }
  return unique.map((id) => outcomes.get(id)!);
}
