import { STAFF_ONLY, type StaffPermission } from '@inkwell/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { READER, type StaffRole, may } from '../access/roles.ts';
import { staffRoleOf } from '../db/shared.repository.ts';
import type { DB } from '../db/schema.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';

/** The member of staff a console call acts for: their id, how the audit log names them, and their role. */
export interface StaffCaller {
  id: number;
  name: string;
  role: StaffRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on a console call (the endpoint table's `staff`) once the gate let the caller in. */
    staff: StaffCaller | null;
  }
}

/** How the console names a member of staff: their name, else their address, else their number (null: the command line, which has no account). */
export const staffName = (name: string | null | undefined, email: string | null | undefined, id: number | null): string =>
  id === null ? 'command line' : name?.trim() || email || `member ${id}`;

/**
 * The gate of the console's calls (issue 47, ADR 0105): after the session guard, the caller's role is
 * read and must have the call's permission; anybody else gets one 403 in one wording, whatever the
 * body says. Read on every call (not kept): a revoked role closes the console at once.
 */
export function staffGate(db: Kysely<DB>) {
  return async (request: FastifyRequest, permission: StaffPermission): Promise<void> => {
    if (!request.auth) throw unauthorized();
    const row = await staffRoleOf(db, request.auth.userId);
    const role: StaffRole = row ? { name: row.name, priority: row.priority, permissions: row.permissions } : READER;
    if (!may(role, permission)) throw forbidden(STAFF_ONLY);
    request.staff = { id: request.auth.userId, name: staffName(row!.member_name, row!.email, request.auth.userId), role };
  };
}

export type StaffGate = ReturnType<typeof staffGate>;
