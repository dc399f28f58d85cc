import type { Kysely } from 'kysely';
import { type AuditActor, audit } from '../audit/audit.ts';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { DomainEventBus } from '../events/domain-events.ts';
import { subjectOf } from './actions.repository.ts';
import { CaseError } from './case-error.ts';
import { caseById, markForwarded } from './cases.repository.ts';

/** The longest words a moderator may send with a forwarded case. */
export const FORWARD_NOTE_MAX = 1000;

/**
 * A case about an account elsewhere forwarded to its server (issue 47, ADR 0097), once, open or decided:
 * the case marked with the moderator's words, the audit row, and 'case.forwarded', which the federation
 * owes as a Flag from this server (its category and those words; never who reported it nor their
 * notes), all in one transaction.
 */
export function createForwarding(db: Kysely<DB>, events: DomainEventBus) {
  return {
    async forward(caseId: number, noteText: string, by: AuditActor): Promise<{ server: string }> {
      const note = noteText.trim();
      if (note.length > FORWARD_NOTE_MAX) throw new CaseError(`The note may not be longer than ${FORWARD_NOTE_MAX} characters.`, { field: 'note' });
      const event = await db.transaction().execute(async (trx) => {
        const found = await caseById(trx, caseId);
        if (!found) throw new CaseError(`There is no case ${caseId}.`, { kind: 'missing' });
        const subject = found.subject_id === null ? undefined : await subjectOf(trx, found.subject_id);
        if (!subject?.domain) throw new CaseError('Only a case about an account elsewhere can be forwarded: it goes to that account’s server.');
        if (!(await markForwarded(trx, caseId, note, nowIso()))) throw new CaseError(`Case ${caseId} was forwarded already.`, { kind: 'conflict' });
        const label = `account ${subject.handle ?? subject.name ?? subject.id}`;
        await audit(trx, { actor: by, action: 'case.forward', target: { kind: found.target_kind, id: found.target_id, label }, after: { server: subject.domain, note }, caseId });
        const forwarded = { caseId, subjectId: subject.id };
        await events.emit(trx, 'case.forwarded', forwarded);
        return { forwarded, server: subject.domain };
      });
      events.committed('case.forwarded', event.forwarded);
      return { server: event.server };
    },
  };
}
