import type { Kysely } from 'kysely';
import { READER, type StaffRole, mayAssign } from '../access/roles.ts';
import { type AuditActor, audit } from '../audit/audit.ts';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { dropRole, findMemberNamed, findRole, listStaff, putRole, roleOf } from './roles.repository.ts';

/**
 * Who is staff (ADR 0091): a role given or taken, each with its row of the audit log in the same
 * transaction. The operator at the command line (`npm run admin -- role:grant owner <email>`) makes
 * the first owner and answers to nobody; a member of staff gives and takes only roles below their own,
 * to and from members below them, with the right to manage roles.
 */

/** Who gives or takes a role: the operator, or a member of staff with their role. */
export type RoleGiver = 'command line' | { id: number; name: string; role: StaffRole };

export class RoleError extends Error {}

export const ROLE_MESSAGES = {
  noMember: (who: string) => `There is no member ${who} (an address, or a username).`,
  noRole: (role: string) => `There is no role ${role}.`,
  notAllowed: 'You may give and take only roles below your own, from members below you.',
  noneHeld: (who: string) => `${who} holds no role.`,
} as const;

const label = (member: { name: string | null; email: string }) => `${member.name?.trim() || 'No name'} <${member.email}>`;

export function createRolesService(db: Kysely<DB>) {
  const actorOf = (giver: RoleGiver): AuditActor => (giver === 'command line' ? giver : { id: giver.id, name: giver.name });
  const allowed = (giver: RoleGiver, role: StaffRole, held: StaffRole) => giver === 'command line' || mayAssign(giver.role, role, held);

  return {
    /** Gives the member named `who` the role `roleName` (in place of any they held). */
    async grant(giver: RoleGiver, roleName: string, who: string): Promise<{ member: string; before: string | null; after: string }> {
      return db.transaction().execute(async (trx) => {
        const role = await findRole(trx, roleName);
        if (!role) throw new RoleError(ROLE_MESSAGES.noRole(roleName));
        const member = await findMemberNamed(trx, who);
        if (!member) throw new RoleError(ROLE_MESSAGES.noMember(who));
        const held = await roleOf(trx, member.id);
        if (!allowed(giver, role, held ?? READER)) throw new RoleError(ROLE_MESSAGES.notAllowed);
        await putRole(trx, member.id, role.id, nowIso());
        const target = { kind: 'account', id: member.id, label: label(member) };
        await audit(trx, { actor: actorOf(giver), action: 'role.grant', target, before: held?.name ?? null, after: role.name });
        return { member: target.label, before: held?.name ?? null, after: role.name };
      });
    },

    /** Takes the member's role away (they become a reader). */
    async revoke(giver: RoleGiver, who: string): Promise<{ member: string; before: string }> {
      return db.transaction().execute(async (trx) => {
        const member = await findMemberNamed(trx, who);
        if (!member) throw new RoleError(ROLE_MESSAGES.noMember(who));
        const held = await roleOf(trx, member.id);
        if (!held) throw new RoleError(ROLE_MESSAGES.noneHeld(label(member)));
        if (!allowed(giver, held, held)) throw new RoleError(ROLE_MESSAGES.notAllowed);
        await dropRole(trx, member.id);
        const target = { kind: 'account', id: member.id, label: label(member) };
        await audit(trx, { actor: actorOf(giver), action: 'role.revoke', target, before: held.name, after: null });
        return { member: target.label, before: held.name };
      });
    },

    /** The member's role, or the reader's. */
    async of(userId: number): Promise<StaffRole> {
      return (await roleOf(db, userId)) ?? READER;
    },

    staff: () => listStaff(db),
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
