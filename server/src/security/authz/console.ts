import { type Entry, sorted, staff } from './kit.ts';

/** The moderation console (issue 47, ADR 0105): the queue, a case, a decision — the scene's moderator only. */
export const CONSOLE_ROUTES: Readonly<Record<string, Entry>> = {
  modCases: staff(200, { body: () => ({}) }),
  modCase: staff(200, { body: (s) => ({ id: s.caseId }) }),
  modResolve: staff(200, {
    body: (s) => ({ ids: [s.caseId], decision: 'note', note: 'Kept on file.' }),
    changes: async (s) => sorted(await s.db.selectFrom('cases').selectAll().where('id', '=', s.caseId).execute()),
  }),
  modAudit: staff(200, { body: () => ({}) }),
  modAuditCsv: staff(200, { url: () => '/api/mod/audit.csv?action=case.decide' }),
};
