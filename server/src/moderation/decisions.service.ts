import { CASE_DECISIONS, REPORT_KIND_NOUNS, caseOutcome } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import { type AuditActor, audit, staffId } from '../audit/audit.ts';
import { nowIso } from '../db/database.ts';
import type { DomainEventBus } from '../events/domain-events.ts';
import type { CaseDecision, DB } from '../db/schema.ts';
import { noticeText, notify, quoted } from '../notify/notify.ts';
import { CaseError } from './case-error.ts';
import { subjectOf } from './actions.repository.ts';
import { caseById, closeReports, decideCase } from './cases.repository.ts';
import { targetsOf } from './reports.repository.ts';
import { described } from './reports.service.ts';
import { createSuspensions } from './suspensions.service.ts';
import { createHides } from './hides.service.ts';
import { createCommentStops } from './comment-stops.service.ts';
import { createLimits } from './limits.service.ts';
import { ruleNamed } from './rules.service.ts';
import { PRESET_MAX, presetText } from './presets.service.ts';

/** The contract's decisions, which the cases table stores. */
const DECISIONS: readonly CaseDecision[] = CASE_DECISIONS;

export const DECISION_NOTE_MAX = PRESET_MAX;

export { CaseError };

export interface Decided {
  reporters: number;
  /** The account warned, or suspended (and until when: null, until lifted). */
  warned: number | null;
  suspended: { id: number; endsAt: string | null } | null;
  /** The comment or reply hidden, and until when (null: until lifted). */
  hidden: { kind: string; id: number; endsAt: string | null } | null;
  /** The account whose comments were stopped, and until when. */
  commentsStopped?: { id: number; endsAt: string | null };
  /** The account limited, and until when. */
  limited?: { id: number; endsAt: string | null };
}

/** What each decision that needs a note is called. */
const ACTION_NOUNS = { warn: 'warning', suspend: 'suspension', hide: 'hide', 'no-comments': 'stop of comments', limit: 'limit' } as const;
/** The decisions that may have an end. */
const TIMED: ReadonlySet<CaseDecision> = new Set(['hide', 'no-comments', 'limit', 'suspend']);

/**
 * A case decided (issue 47, ADR 0093): in one transaction the case is resolved with the decision and
 * the moderator's note, its open reports are closed (their readers may report the thing again), the
 * audit row is written, each reporter who is a member is told the outcome (a 'responses' notification
 * leading to their reports, mailed with their help mails), and a warning is told to the account it is
 * about. Who reported is named to nobody; the account warned is not told who reported it. It says
 * 'case.decided' in the same transaction (a held writing left standing comes into sight: ADR 0099).
 */
export function createDecisions(db: Kysely<DB>, publicUrl: string, events: DomainEventBus) {
  const suspensions = createSuspensions(db, publicUrl);
  const hides = createHides(db, events, publicUrl);
  const commentStops = createCommentStops(db, publicUrl);
  const limits = createLimits(db, publicUrl);
  return {
    /** `forMs`: how long a hide, a stop or a suspension lasts (undefined: until lifted); `ruleId`: the server's rule it was decided under (ADR 0102). */
    async decide(caseId: number, decision: CaseDecision, noteText: string, by: AuditActor, more: { forMs?: number; ruleId?: number; preset?: string } = {}): Promise<Decided> {
      // A preset's words first, then the moderator's own (ADR 0102).
      const preset = more.preset === undefined ? undefined : await presetText(db, more.preset);
      if (more.preset !== undefined && preset === undefined) throw new CaseError(`There is no preset ${more.preset} (npm run admin -- presets:list).`, { field: 'preset' });
      const note = [preset, noteText.trim()].filter(Boolean).join(' ');
      if (more.forMs !== undefined && !TIMED.has(decision)) throw new CaseError('Only a hide, a stop of comments, a limit or a suspension has an end (--for).', { field: 'for' });
      if (!DECISIONS.includes(decision)) throw new CaseError(`The decision must be one of ${DECISIONS.join(', ')}.`);
      if (note.length > DECISION_NOTE_MAX) throw new CaseError(`The note may not be longer than ${DECISION_NOTE_MAX} characters.`, { field: 'note' });
      if (more.ruleId !== undefined && decision === 'none') throw new CaseError('A case where no rule was broken names no rule (--rule).', { field: 'rule_id' });
      if (decision in ACTION_NOUNS && note === '')
        throw new CaseError(`A ${ACTION_NOUNS[decision as keyof typeof ACTION_NOUNS]} needs a note: it is what the account is told, with the reasons.`, { field: 'note' });
      const { decided, said } = await db.transaction().execute(async (trx) => {
        const found = await caseById(trx, caseId);
        if (!found) throw new CaseError(`There is no case ${caseId}.`, { kind: 'missing' });
        if (found.status !== 'open') throw new CaseError(`Case ${caseId} was decided already.`, { kind: 'conflict' });
        const subject = found.subject_id === null ? undefined : await subjectOf(trx, found.subject_id);
        if (decision === 'warn' && (!subject || subject.domain !== null)) throw new CaseError('Only a member of this server can be warned here.');
        if (decision === 'suspend' && (!subject || subject.domain !== null)) throw new CaseError('Only a member of this server can be suspended here.');
        const rule = more.ruleId === undefined ? undefined : await ruleNamed(trx, more.ruleId, { inForce: true });
        if (more.ruleId !== undefined && !rule) throw new CaseError(`There is no rule ${more.ruleId} (npm run admin -- rules:list).`, { field: 'rule_id' });
        // What everybody told is told: the rule first, when one was named, then the moderator's words.
        const reasons = rule ? `It breaks ${rule}.${note ? ` ${note}` : ''}` : note;
        const now = nowIso();
        if (!(await decideCase(trx, caseId, { decision, note, by: staffId(by), now, ruleId: more.ruleId ?? null })))
          throw new CaseError(`Case ${caseId} was decided already.`, { kind: 'conflict' });
        const [target] = await targetsOf(trx, found.target_kind, [found.target_id]);
        const shown = target ? described(target) : null;
        const noun = REPORT_KIND_NOUNS[found.target_kind];
        const what = shown ? (found.target_kind === 'account' ? `the account ${shown.label}` : `the ${noun} ${quoted(shown.label)}`) : `a ${noun} that is gone now`;
        const label = shown ? `${noun}: ${shown.label}` : `${noun} ${found.target_id}`;
        await audit(trx, {
          actor: by,
          action: 'case.decide',
          target: { kind: found.target_kind, id: found.target_id, label },
          after: { decision, note, ...(rule ? { rule } : {}) },
          caseId,
        });

        const reports = await closeReports(trx, caseId);
        let reporters = 0;
        for (const report of reports) {
          if (report.reporter_id === null) continue;
          await notify.fromStaff(trx, { userId: report.reporter_id, reportId: report.id }, noticeText.reportOutcome(what, caseOutcome(decision, found.target_kind), reasons), now);
          reporters += 1;
        }
        let warned: number | null = null;
        if (decision === 'warn' && subject) {
          const theirs = shown ? (found.target_kind === 'account' ? 'your account' : `your ${noun} ${quoted(shown.label)}`) : `your ${noun}`;
          await notify.fromStaff(trx, { userId: subject.id }, noticeText.warning(theirs, reasons), now);
          warned = subject.id;
        }
        const suspended = decision === 'suspend' && subject ? await suspensions.suspendIn(trx, subject.id, { forMs: more.forMs, reason: reasons, caseId, by }) : null;
        const hid = decision === 'hide' ? await hides.hideIn(trx, found, { forMs: more.forMs, reason: reasons, caseId, by }) : null;
        if ((decision === 'no-comments' || decision === 'limit') && !subject) throw new CaseError('The account this case concerns is gone.');
        const stopped = decision === 'no-comments' ? await commentStops.stopIn(trx, subject!.id, { forMs: more.forMs, reason: reasons, caseId, by }) : null;
        const limited = decision === 'limit' ? await limits.limitIn(trx, subject!.id, { forMs: more.forMs, reason: reasons, caseId, by }) : null;
        const said = { caseId, targetKind: found.target_kind, targetId: found.target_id, decision };
        await events.emit(trx, 'case.decided', said);
        return {
          said,
          decided: {
            reporters,
            warned,
            suspended: suspended && { id: subject!.id, endsAt: suspended.endsAt },
            hidden: hid && { kind: found.target_kind, id: found.target_id, endsAt: hid.endsAt },
            ...(stopped ? { commentsStopped: { id: subject!.id, endsAt: stopped.endsAt } } : {}),
            ...(limited ? { limited: { id: subject!.id, endsAt: limited.endsAt } } : {}),
          },
        };
      });
      events.committed('case.decided', said);
      return decided;
    },
  };
}

export type Decisions = ReturnType<typeof createDecisions>;
