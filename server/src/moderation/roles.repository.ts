import type { Kysely, NotNull } from 'kysely';
import { type MemberAddress, isMember } from '../db/shared.repository.ts';
import type { DB } from '../db/schema.ts';
import { normaliseEmail } from '../lib/email-address.ts';

/** The SQL of staff roles (migration 0060, ADR 0091). */

export function findRole(db: Kysely<DB>, name: string) {
  return db.selectFrom('roles').select(['id', 'name', 'priority', 'permissions']).where('name', '=', name).executeTakeFirst();
}

export function listRoles(db: Kysely<DB>) {
  return db.selectFrom('roles').select(['id', 'name', 'priority', 'permissions']).orderBy('priority', 'desc').execute();
}

/** A member's role, or undefined for a reader. */
export function roleOf(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('member_roles as m')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select(['r.id', 'r.name', 'r.priority', 'r.permissions'])
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
}

/** A member (not an account elsewhere) by address or username, as an operator names them. */
export function findMemberNamed(db: Kysely<DB>, text: string) {
  const name = text.trim();
  const byAddress = name.includes('@');
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'username'])
    .where(isMember())
    .$if(byAddress, (q) => q.where('email_normalized', '=', normaliseEmail(name)))
    .$if(!byAddress, (q) => q.where('username', '=', name))
    .$narrowType<MemberAddress>()
    .executeTakeFirst();
}

/** Gives the member the role (instead of the one they held). */
export async function putRole(db: Kysely<DB>, userId: number, roleId: number, now: string): Promise<void> {
  await db
    .insertInto('member_roles')
    .values({ user_id: userId, role_id: roleId, granted_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ role_id: roleId, granted_at: now }))
    .execute();
}

/** Takes the member's role away; false when they held none. */
export async function dropRole(db: Kysely<DB>, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('member_roles').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Everyone holding a role, highest first. */
export function listStaff(db: Kysely<DB>) {
  return db
    .selectFrom('member_roles as m')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name', 'u.email', 'u.username', 'r.name as role', 'r.priority', 'm.granted_at'])
    .$narrowType<{ email: NotNull }>()
    .orderBy('r.priority', 'desc')
    .orderBy('u.id')
    .execute();
}
