import type { Generated } from 'kysely';

/** Staff roles and what staff did (migration 0060, ADR 0091). */

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
