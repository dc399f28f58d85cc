import type { StaffPermission } from '@inkwell/contract';

/**
 * Staff roles (ADR 0091): a role is a row of `roles` with a priority and permission flags, so a new
 * role (a publication's editor) is a row, not a migration. A member holds at most one role
 * (`member_roles`); a member without one is a reader. Who outranks whom is the priority: nobody acts
 * on a member whose role is at or above their own.
 */

/** What a role may do, one bit each (stored as their sum in `roles.permissions`). */
export const PERMISSIONS = {
  /** Read and resolve reports and cases. */
  manageReports: 1,
  /** Act on accounts: warn, limit, suspend, and lift it. */
  manageUsers: 2,
  /** Answer appeals. */
  manageAppeals: 4,
  /** Block and limit other servers. */
  manageFederation: 8,
  /** Write the server's rules, spam settings and presets. */
  manageRules: 16,
  /** Grant and revoke roles below one's own. */
  manageRoles: 32,
  /** Read the audit log. */
  viewAuditLog: 64,
  /** Delete an account's data for good. */
  deleteData: 128,
} as const satisfies Record<StaffPermission, number>;

export type Permission = keyof typeof PERMISSIONS;

/** Every permission (the owner's and the admin's). */
export const ALL_PERMISSIONS = Object.values(PERMISSIONS).reduce((sum, bit) => sum | bit, 0);

/** The roles a new server has (migration 0060 makes their rows): the owner above the admins above the moderators. */
export const BUILT_IN_ROLES = {
  owner: { priority: 300, permissions: ALL_PERMISSIONS },
  admin: { priority: 200, permissions: ALL_PERMISSIONS },
  moderator: { priority: 100, permissions: ALL_PERMISSIONS & ~PERMISSIONS.manageRoles & ~PERMISSIONS.deleteData },
} as const;

export type BuiltInRole = keyof typeof BUILT_IN_ROLES;

/** A member's role as the policy reads it; a reader has none (priority 0, no permissions). */
export interface StaffRole {
  name: string;
  priority: number;
  permissions: number;
}

export const READER: StaffRole = { name: 'reader', priority: 0, permissions: 0 };

/** Whether the role may do `what`. */
export function may(role: StaffRole, what: Permission): boolean {
  return (role.permissions & PERMISSIONS[what]) !== 0;
}

/** Whether someone of role `actor` may act on someone of role `target`: only on a lower one. */
export function outranks(actor: StaffRole, target: StaffRole): boolean {
  return actor.priority > target.priority;
}

/** Whether `actor` may give `role` to (or take it from) someone now holding `held`: both below their own, and the right to manage roles. */
export function mayAssign(actor: StaffRole, role: StaffRole, held: StaffRole): boolean {
  return may(actor, 'manageRoles') && outranks(actor, role) && outranks(actor, held);
}

/** The permissions a role's flags name, in their order (for lists and the audit log). */
export function permissionsOf(role: StaffRole): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((what) => may(role, what));
}
