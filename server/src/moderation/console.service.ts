import {
  ACCOUNT_DECISIONS,
  CASES_PAGE_SIZE,
  CASE_DECISIONS,
  type CaseDecisionName,
  type CaseLine,
  type DecisionDuration,
  type ModCaseResponse,
  type ModCasesResponse,
  type ModResolveResponse,
  type ReportCategory,
  STAFF_ONLY,
  STAFF_OUTRANKED,
} from '@inkwell/contract';
import type { Kysely } from 'kysely';
import { READER, may, outranks } from '../access/roles.ts';
import { staffRoleOf } from '../db/shared.repository.ts';
import type { DB } from '../db/schema.ts';
import { forbidden, notFound, validationError } from '../lib/errors.ts';
import { idCursor } from '../lib/id-cursor.ts';
import type { StaffCaller } from '../plugins/staff.ts';
import { CaseError } from './case-error.ts';
import { type CaseLine as ServiceLine, createCasesService } from './cases.service.ts';
import { NO_TALLY, actionsOnAccount, caseRecord, casesAboutAccount, hostOfAccount, openCaseCount, reporterTallies, serverStanding, serverTallies } from './console.repository.ts';
import type { Decisions } from './decisions.service.ts';
import { listPresets } from './presets.repository.ts';
import { type ReportKind, targetsOf } from './reports.repository.ts';
import { described } from './reports.service.ts';
import type { Rules } from './rules.service.ts';
import { decideWave } from './waves.ts';

/** How long each duration of the console's form lasts ('': until lifted). */
export const DURATION_MS: Readonly<Record<DecisionDuration, number | undefined>> = {
  '': undefined,
  '1h': 3_600_000,
  '12h': 12 * 3_600_000,
  '1d': 86_400_000,
  '3d': 3 * 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};
const HISTORY = 20;

export interface Resolution {
  ids: number[];
  decision: CaseDecisionName;
  for?: DecisionDuration;
  rule_id?: number;
  preset?: string;
  note: string;
}

/**
 * The moderation console's reads and decisions (issue 47, ADR 0105), for a member of staff the
 * endpoint's gate let in: the queue with what each case is about, one case with its context (the
 * reports and their reporters' standing, the account's earlier actions and cases, what may be
 * decided), and one decision on many cases, each in its own transaction through the same
 * `decide` as the command line, with the caller in the audit row.
 */
export function createConsole(db: Kysely<DB>, decisions: Decisions, rules: Rules, waveParallel = 1) {
  const cases = createCasesService(db);

  /** What each case is about, read per kind in one query each. */
  async function aboutOf(lines: readonly ServiceLine[]) {
    const found = new Map<string, ReturnType<typeof described>>();
    for (const kind of new Set(lines.map((l) => l.target.kind as ReportKind))) {
      const ids = [...new Set(lines.filter((l) => l.target.kind === kind).map((l) => l.target.id))];
      for (const row of await targetsOf(db, kind, ids)) found.set(`${kind} ${row.id}`, described(row));
    }
    return (line: ServiceLine): CaseLine => {
      const about = found.get(`${line.target.kind} ${line.target.id}`);
      return {
        id: line.id,
        status: line.status,
        opened_at: line.opened_at,
        resolved_at: line.resolved_at,
        decision: line.decision,
        forwarded_at: line.forwarded_at,
        held_for: line.held_for,
        target: { kind: line.target.kind as ReportKind, id: line.target.id },
        about: about ? { kind: about.kind, id: about.id, label: about.label, author: about.author, href: about.href } : null,
        subject: line.subject,
        report_count: line.report_count,
        categories: line.categories as Partial<Record<ReportCategory, number>>,
      };
    };
  }

  /** The decisions `staff` may take on a case about `subjectId` (null: an account gone, or none). */
  async function decisionsFor(staff: StaffCaller, line: ServiceLine): Promise<CaseDecisionName[]> {
    if (line.status !== 'open') return [];
    const onAccount = await mayActOnAccount(staff, line.subject?.id ?? null);
    const member = line.subject !== null && !line.subject.elsewhere;
    return CASE_DECISIONS.filter((d) => {
      if (!ACCOUNT_DECISIONS.includes(d)) return true;
      if (onAccount !== true) return false;
      if (d === 'hide') return line.target.kind === 'comment' || line.target.kind === 'reply';
      if (d === 'warn' || d === 'suspend') return member;
      return line.subject !== null;
    });
  }

  /** Whether staff may act on the account: true, or why not (no right to act on accounts, or a role at or above theirs). */
  async function mayActOnAccount(staff: StaffCaller, subjectId: number | null): Promise<true | string> {
    if (!may(staff.role, 'manageUsers')) return STAFF_ONLY;
    if (subjectId === null) return true;
    const held = await staffRoleOf(db, subjectId);
    return outranks(staff.role, held ?? READER) ? true : STAFF_OUTRANKED;
  }

  return {
    async queue(filter: { status: 'open' | 'resolved'; kind?: ReportKind }, cursor: string | undefined): Promise<ModCasesResponse> {
      const rows = await cases.list({ ...filter, limit: CASES_PAGE_SIZE + 1, before: idCursor(cursor) });
      const page = rows.slice(0, CASES_PAGE_SIZE);
      const line = await aboutOf(page);
      return {
        cases: page.map(line),
        next_cursor: rows.length > CASES_PAGE_SIZE ? String(page.at(-1)!.id) : null,
        open_count: await openCaseCount(db),
      };
    },

    async case(staff: StaffCaller, id: number): Promise<ModCaseResponse> {
      const shown = await cases.show(id);
      if (!shown) throw notFound(`There is no case ${id}.`);
      const [line] = [(await aboutOf([shown]))(shown)];
      const record = await caseRecord(db, id);
      const tallies = await reporterTallies(db, [...new Set(shown.reports.flatMap((r) => (r.reporter ? [r.reporter.id] : [])))]);
      const subjectId = shown.subject?.id;
      const [actions, earlier] = subjectId === undefined ? [[], []] : await Promise.all([actionsOnAccount(db, subjectId, HISTORY), casesAboutAccount(db, subjectId, id, HISTORY)]);
      const host = shown.subject?.elsewhere && subjectId !== undefined ? await hostOfAccount(db, subjectId) : undefined;
      const reportingServers = shown.reports.flatMap((r) => ('server' in r && r.server ? [r.server] : []));
      const servers = await serverTallies(db, [...new Set(reportingServers)]);
      // A comment's or reply's words as written (shown as text, never as markup).
      const text = shown.about && 'text' in shown.about ? (shown.about.text ?? null) : null;
      return {
        case: { ...line!, text, decision_note: record?.decision_note ?? null, rule: record?.rule ?? null },
        reports: shown.reports.map((r) => ({
          id: r.id,
          at: r.at,
          category: r.category as ReportCategory,
          note: r.note,
          status: r.status,
          reporter: r.reporter && { ...r.reporter, ...(tallies.get(r.reporter.id) ?? NO_TALLY) },
          server: 'server' in r ? (r.server ?? null) : null,
          server_reports: 'server' in r && r.server ? (servers.get(r.server) ?? NO_TALLY) : null,
        })),
        history: { actions, cases: earlier },
        server: host ? await serverStanding(db, host) : null,
        decisions: await decisionsFor(staff, shown),
        rules: await rules.list(),
        presets: (await listPresets(db)).map((p) => ({ name: p.name, text: p.text })),
      };
    },

    /**
     * One decision on each of `ids`: each case in its own transaction, so a refusal (decided already,
     * outranked, not a member) leaves the others decided. One case refused: a 4xx with why.
     */
    async resolve(staff: StaffCaller, resolution: Resolution): Promise<ModResolveResponse> {
      const ids = [...new Set(resolution.ids)];
      const onAccount = ACCOUNT_DECISIONS.includes(resolution.decision);
      if (onAccount && !may(staff.role, 'manageUsers')) throw forbidden(STAFF_ONLY);
      const forMs = resolution.for === undefined ? undefined : DURATION_MS[resolution.for];
      const more = {
        ...(forMs === undefined ? {} : { forMs }),
        ...(resolution.rule_id === undefined ? {} : { ruleId: resolution.rule_id }),
        ...(resolution.preset ? { preset: resolution.preset } : {}),
      };
      const by = { id: staff.id, name: staff.name };
      const check = onAccount
        ? async (_caseId: number, subjectId: number | null) => {
            const allowed = await mayActOnAccount(staff, subjectId);
            if (allowed !== true) throw new CaseError(allowed, { kind: 'forbidden' });
          }
        : undefined;
      const outcomes = await decideWave(db, decisions, ids, resolution.decision, resolution.note, by, more, { parallel: waveParallel, ...(check ? { check } : {}) });
      const decided: number[] = [];
      const refusals: Array<{ id: number; error: CaseError }> = [];
      for (const outcome of outcomes) {
        if ('done' in outcome) decided.push(outcome.id);
        else if (outcome.error instanceof CaseError) refusals.push({ id: outcome.id, error: outcome.error });
        else throw outcome.error;
      }
      if (ids.length === 1 && refusals.length === 1) {
        // One case refused: the form shows why by its field (decided already or gone reads as the decision's).
        const { error } = refusals[0]!;
        if (error.kind === 'forbidden') throw forbidden(error.message);
        throw validationError({ [error.field ?? 'decision']: [error.message] });
      }
      const refused = refusals.map((r) => ({ id: r.id, message: r.error.message }));
      const count = (n: number) => `${n} case${n === 1 ? '' : 's'}`;
      const message = refused.length === 0 ? `${count(decided.length)} decided.` : `${count(decided.length)} decided; ${count(refused.length)} not.`;
      return { message, decided, refused };
    },
  };
}

export type Console = ReturnType<typeof createConsole>;
