import { type Entry, sorted, staff } from './kit.ts';

/** The moderation console (issue 47, ADR 0105): the queue, a case, a decision, the appeals, the audit log and the servers — the scene's moderator only. */
export const CONSOLE_ROUTES: Readonly<Record<string, Entry>> = {
  modCases: staff(200, { body: () => ({}) }),
  modCase: staff(200, { body: (s) => ({ id: s.caseId }) }),
  modAccount: staff(200, { body: (s) => ({ id: s.postOwner.id }) }),
  modResolve: staff(200, {
    body: (s) => ({ ids: [s.caseId], decision: 'note', note: 'Kept on file.' }),
    changes: async (s) => sorted(await s.db.selectFrom('cases').selectAll().where('id', '=', s.caseId).execute()),
  }),
  modAppeals: staff(200, { body: () => ({}) }),
  // No appeal in the scene: the gate answers everyone else 403 before the moderator learns there is none (404).
  modAppealAnswer: staff(404, { body: () => ({ id: 987_654_321, answer: 'reject', reply: 'Turned down.' }) }),
  modAudit: staff(200, { body: () => ({}) }),
  modAuditCsv: staff(200, { url: () => '/api/mod/audit.csv?action=case.decide' }),
  modServers: staff(200, { body: () => ({}) }),
  modServerSave: staff(200, {
    body: (s) => ({ domain: `authz-${s.caseId}.example`, severity: 'noop', reject_reports: true, public_comment: 'Reports in bad faith.' }),
    changes: async (s) => sorted(await s.db.selectFrom('federation_domain_blocks').selectAll().execute()),
  }),
  // Nothing blocked in the scene: the gate answers everyone else 403 before the moderator learns it is not (404).
  modServerRemove: staff(404, { body: () => ({ domain: 'not-blocked.example' }) }),
  modServersImport: staff(200, {
    body: (s) => ({ csv: `#domain,#severity\nauthz-import-${s.caseId}.example,suspend\n` }),
    changes: async (s) => sorted(await s.db.selectFrom('federation_domain_blocks').selectAll().execute()),
  }),
  modServersCsv: staff(200, { url: () => '/api/mod/servers.csv' }),
  modHelp: staff(200, { body: () => ({}) }),
  modHelpAnswer: staff(200, {
    body: (s) => ({ id: s.helpRequestId, answer: 'Covers are JPEG, PNG or WebP.' }),
    changes: async (s) => sorted(await s.db.selectFrom('help_requests').selectAll().where('id', '=', s.helpRequestId).execute()),
  }),
};
