import type { Generated } from 'kysely';

/** Staff roles and what staff did (migration 0060, ADR 0091); reports and their cases (0061, ADR 0092). */

/** A role: its priority (who outranks whom) and its permissions as bit flags (access/roles.ts). */
export interface RolesTable {
  id: Generated<number>;
  name: string;
  priority: number;
  permissions: number;
  created_at: string;
}

/** A member's one role; a member without a row is a reader. */
export interface MemberRolesTable {
  user_id: number;
  role_id: number;
  granted_at: string;
}

/** One thing staff did (or the operator's command line: actor_id null), written in the transaction that did it. Append-only. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  /** The actor as they were named then ('Ada <ada@example.com>', or 'command line'). */
  actor_name: string;
  /** 'role.grant', 'role.revoke', 'domain.block', 'domain.unblock', … */
  action: string;
  /** 'account', 'domain', … */
  target_kind: string;
  target_id: number | null;
  target_label: string;
  /** Before and after, as JSON text. */
  summary: string | null;
  case_id: number | null;
  created_at: string;
}

/** What the moderators decide on: one open case per reported thing. */
export interface CasesTable {
  id: Generated<number>;
  target_kind: 'post' | 'comment' | 'reply' | 'account';
  target_id: number;
  /** The account it concerns (a member or an account elsewhere); null once it is gone. */
  subject_id: number | null;
  status: Generated<'open' | 'resolved'>;
  opened_at: string;
  resolved_at: string | null;
  /** What the moderators decided (migration 0062); null while open. */
  decision: CaseDecision | null;
  /** Their words to the reporters (and, for a warning, to the account). */
  decision_note: Generated<string>;
  /** The member of staff who decided; null from the command line. */
  decided_by: number | null;
  /** When it was forwarded to the server of the account it concerns (migration 0066; once), and the words sent. */
  forwarded_at: Generated<string | null>;
  forward_note: Generated<string>;
  /** A case opened by holding a writing for review (migration 0067): why it was held; null for one opened by reports. */
  held_for: Generated<string | null>;
  /** The server's rule it was decided under (migration 0069); null: none named. */
  rule_id: Generated<number | null>;
}

/** Words moderators decide with, by a short name (migration 0070, ADR 0102); a case keeps its own copy. */
export interface StatementPresetsTable {
  id: Generated<number>;
  name: string;
  text: string;
  created_at: string;
  updated_at: string;
}

/** A rule of this server (migration 0069, ADR 0102), shown in `position` order; a removed one is kept for the cases that named it. */
export interface ServerRulesTable {
  id: Generated<number>;
  position: number;
  title: string;
  body: Generated<string>;
  created_at: string;
  updated_at: string;
  removed_at: string | null;
}

/** The decisions a case can end with (migration 0062): nothing broken, a note for staff, a warning; a suspension (0065); a comment or reply hidden (0068); an account's comments stopped (ADR 0101); an account limited (ADR 0111). */
export type CaseDecision = 'none' | 'note' | 'warn' | 'hide' | 'no-comments' | 'limit' | 'suspend';

/** What the moderators did to an account, and until when (migration 0065, ADR 0096). */
export interface ModerationActionsTable {
  id: Generated<number>;
  kind: 'suspend' | 'hide' | 'no-comments' | 'limit';
  subject_id: number;
  /** What it acts on (migration 0068): the account ('account', its id) for a suspension; a comment or reply for a hide. */
  target_kind: Generated<'account' | 'comment' | 'reply'>;
  target_id: number | null;
  /** The case it decided; null when taken directly (account:suspend). */
  case_id: number | null;
  /** The reasons the account is told. */
  reason: Generated<string>;
  starts_at: string;
  /** When the clock lifts it; null: until a moderator does. */
  ends_at: string | null;
  lifted_at: string | null;
  /** The member of staff who took it; null from the command line. */
  created_by: number | null;
  /** What lifting it puts back, as JSON (a suspension: whether it deactivated the account). */
  undo: string | null;
  /** The SHA-256 of the token of its appeal link (migration 0071), in the statement mailed to a member. */
  appeal_token: Generated<string | null>;
}

/** An appeal of a moderators' action (migration 0071, ADR 0103): one per action, by the account it acts on. */
export interface AppealsTable {
  id: Generated<number>;
  action_id: number;
  appellant_id: number;
  text: string;
  status: Generated<'open' | 'approved' | 'rejected' | 'changed'>;
  /** The moderator's reasons, told to the appellant. */
  reply: Generated<string | null>;
  /** The member of staff who answered; null from the command line. */
  decided_by: Generated<number | null>;
  decided_at: Generated<string | null>;
  created_at: string;
}

/** A reader's report, in the case of what it reports; one open report per reporter and thing. */
export interface ReportsTable {
  id: Generated<number>;
  case_id: number;
  /** Null once the reporter's account is gone, and for a report from another server. Never shown to the one reported, nor to another server. */
  reporter_id: number | null;
  /** A report from another server (a `Flag`, migration 0064): that server's host; null for a reader's own. */
  reporter_server: Generated<string | null>;
  /** The Flag's id (unique): a second delivery of it makes nothing. */
  ap_id: Generated<string | null>;
  target_kind: 'post' | 'comment' | 'reply' | 'account';
  target_id: number;
  category: 'spam' | 'harassment' | 'illegal' | 'rule' | 'other';
  note: Generated<string>;
  status: Generated<'open' | 'closed'>;
  created_at: string;
}

/** A term the moderators watch (migration 0072, ADR 0104): a word or phrase, a link domain, an e-mail domain; held or refused. */
export interface WatchedTermsTable {
  id: Generated<number>;
  kind: 'word' | 'link-domain' | 'email-domain';
  /** Lower case; a domain without a scheme or a leading dot. */
  term: string;
  action: 'hold' | 'refuse';
  created_at: string;
}
