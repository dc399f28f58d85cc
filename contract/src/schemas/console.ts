import { z } from 'zod';
import { idField } from './common.ts';
import { serverRule } from './moderation.ts';
import { CASE_DECISIONS, REPORT_CATEGORIES, REPORT_KINDS } from '../moderation-words.ts';
import { BULK_RESOLVE_MAX, DECISION_DURATIONS, DECISION_NOTE_MAX, type DecisionDuration, SERVER_SEVERITIES } from '../console-words.ts';

export * from '../console-words.ts';

/**
 * The moderation console's calls (issue 47, ADR 0105), for staff only: the queue of cases, one case
 * with its context, and a decision on one case or many. Staff see who reported (nobody else does).
 */

export const CASES_PAGE_SIZE = 50;

/** POST /api/mod/cases {status?, kind?}?cursor: a page of the queue, newest first. */
export const modCasesBody = z.object({
  status: z.enum(['open', 'resolved'], { error: 'The status must be open or resolved.' }).default('open'),
  kind: z.enum(REPORT_KINDS, { error: 'The kind must be a post, a comment, a reply or an account.' }).optional(),
});

/** What a case is about, as staff read it; null when it is gone. */
const caseAbout = z.object({
  kind: z.enum(REPORT_KINDS),
  id: z.number(),
  /** A story's title, a comment's or reply's first words, an account's name. */
  label: z.string(),
  author: z.string(),
  /** Where it is shown here. */
  href: z.string(),
});

/** One case of the queue. */
export const caseLine = z.object({
  id: z.number(),
  status: z.enum(['open', 'resolved']),
  opened_at: z.string(),
  resolved_at: z.string().nullable(),
  decision: z.enum(CASE_DECISIONS).nullable(),
  /** When it was sent to the server of the account elsewhere it concerns. */
  forwarded_at: z.string().nullable(),
  /** Held for review (a new account's first link, a watched word): why; null for a case opened by reports. */
  held_for: z.string().nullable(),
  target: z.object({ kind: z.enum(REPORT_KINDS), id: z.number() }),
  about: caseAbout.nullable(),
  /** The account it concerns: a member by name and address, an account elsewhere by its handle. */
  subject: z.object({ id: z.number(), name: z.string().nullable(), address: z.string().nullable(), elsewhere: z.boolean() }).nullable(),
  report_count: z.number(),
  /** The reports by category (only those with any). */
  categories: z.partialRecord(z.enum(REPORT_CATEGORIES), z.number()),
});
export type CaseLine = z.infer<typeof caseLine>;

export const modCasesResponse = z.object({ cases: z.array(caseLine), next_cursor: z.string().nullable(), open_count: z.number() });
export type ModCasesResponse = z.infer<typeof modCasesResponse>;

/** POST /api/mod/case {id}: one case with its context (404 when there is none). */
export const modCaseBody = z.object({ id: idField('case id') });

const caseReport = z.object({
  id: z.number(),
  at: z.string(),
  category: z.enum(REPORT_CATEGORIES),
  note: z.string(),
  /** open, or closed by the decision. */
  status: z.string(),
  /** A member who reported, with how many of their reports were acted on; null for a report from another server. */
  reporter: z.object({ id: z.number(), name: z.string().nullable(), address: z.string().nullable(), reports: z.number(), upheld: z.number() }).nullable(),
  /** Another server's report (a Flag): that server. */
  server: z.string().nullable(),
  /** That server's reports here, and how many of them were acted on; null for a member's report. */
  server_reports: z.object({ reports: z.number(), upheld: z.number() }).nullable(),
});

/**
 * How this server stands with the server of the account elsewhere a case concerns: its block here (of
 * it or of a domain above it), its accounts known here, the cases about them and the reports it sent.
 */
export const caseServer = z.object({
  host: z.string(),
  block: z.object({ domain: z.string(), severity: z.enum(SERVER_SEVERITIES), reject_media: z.boolean(), reject_reports: z.boolean() }).nullable(),
  accounts: z.number(),
  /** Open; decided with something done; decided with nothing done (this case among them). */
  cases: z.object({ open: z.number(), acted: z.number(), dismissed: z.number() }),
  /** Its reports (Flags) here, and how many of them were acted on. */
  reports: z.object({ reports: z.number(), upheld: z.number() }),
});

/** An earlier action on the account the case concerns. */
export const pastAction = z.object({
  id: z.number(),
  kind: z.string(),
  reason: z.string(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  lifted_at: z.string().nullable(),
});
/** An earlier case about the same account. */
export const pastCase = z.object({
  id: z.number(),
  status: z.enum(['open', 'resolved']),
  decision: z.enum(CASE_DECISIONS).nullable(),
  opened_at: z.string(),
  target_kind: z.enum(REPORT_KINDS),
});

export const modCaseResponse = z.object({
  case: caseLine.extend({
    /** A comment's or reply's whole text as written (plain text: shown as text, never as markup); null for a story or an account. */
    text: z.string().nullable(),
    decision_note: z.string().nullable(),
    rule: z.string().nullable(),
  }),
  reports: z.array(caseReport),
  /** The account's earlier actions and cases, newest first (at most 20 each). */
  history: z.object({ actions: z.array(pastAction), cases: z.array(pastCase) }),
  /** For a case about an account elsewhere, how this server stands with its server; null otherwise. */
  server: caseServer.nullable(),
  /** The decisions this member of staff may take on it now (none once decided). */
  decisions: z.array(z.enum(CASE_DECISIONS)),
  rules: z.array(serverRule),
  presets: z.array(z.object({ name: z.string(), text: z.string() })),
});
export type ModCaseResponse = z.infer<typeof modCaseResponse>;

const durations = Object.keys(DECISION_DURATIONS) as [DecisionDuration, ...DecisionDuration[]];

/** POST /api/mod/cases/resolve: one decision on one case or many (a spam wave), each case in its own transaction. */
export const modResolveBody = z.object({
  ids: z
    .array(idField('case id'), { error: 'Choose the cases to decide.' })
    .min(1, 'Choose the cases to decide.')
    .max(BULK_RESOLVE_MAX, `At most ${BULK_RESOLVE_MAX} cases can be decided at once.`),
  decision: z.enum(CASE_DECISIONS, { error: 'Choose a decision.' }),
  /** How long a hide, a stop of comments or a suspension lasts ('' or none: until lifted). */
  for: z.enum(durations, { error: 'Choose how long it lasts.' }).optional(),
  rule_id: idField('rule id').optional(),
  preset: z.string().max(40).optional(),
  note: z.string().max(DECISION_NOTE_MAX, `The note may not be greater than ${DECISION_NOTE_MAX} characters.`).default(''),
});
export type ModResolveBody = z.input<typeof modResolveBody>;

export const modResolveResponse = z.object({
  message: z.string(),
  decided: z.array(z.number()),
  /** The cases not decided, each with why (decided already, gone, not a member, outranked). */
  refused: z.array(z.object({ id: z.number(), message: z.string() })),
});
export type ModResolveResponse = z.infer<typeof modResolveResponse>;

export const AUDIT_PAGE_SIZE = 50;
/** At most how many rows one CSV export holds (the newest that match). */
export const AUDIT_EXPORT_MAX = 10_000;

/** The audit log's filters (the list's body, the export's query): who, what, on what, which server, when. */
export const auditFilter = z.object({
  actor_id: idField('moderator').optional(),
  /** One kind of action (`case.decide`, `role.grant`…). */
  action: z.string().trim().max(60).optional(),
  target_kind: z.string().trim().max(30).optional(),
  /** A server elsewhere: what was done to it (a domain block) or to its accounts. */
  server: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .regex(/^[a-z0-9.-]*$/, 'The server must be a host name, such as mastodon.example.')
    .optional(),
  /** Days, inclusive (YYYY-MM-DD, UTC). */
  from: z.iso.date({ error: 'The first day must be a date.' }).optional(),
  to: z.iso.date({ error: 'The last day must be a date.' }).optional(),
});
export type AuditFilterInput = z.input<typeof auditFilter>;

/** POST /api/mod/audit {filters}?cursor: a page of the audit log, newest first. */
export const modAuditBody = auditFilter;
/** GET /api/mod/audit.csv?filters: the rows that match, as CSV. */
export const modAuditCsvQuery = auditFilter;

const auditLine = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.object({ id: z.number().nullable(), name: z.string() }),
  action: z.string(),
  target: z.object({ kind: z.string(), id: z.number().nullable(), label: z.string() }),
  before: z.unknown(),
  after: z.unknown(),
  case_id: z.number().nullable(),
});
export type AuditLineView = z.infer<typeof auditLine>;

export const modAuditResponse = z.object({
  entries: z.array(auditLine),
  next_cursor: z.string().nullable(),
  /** For the filters: every kind of action on file, and everyone who holds or held a role and acted. */
  actions: z.array(z.string()),
  actors: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type ModAuditResponse = z.infer<typeof modAuditResponse>;
