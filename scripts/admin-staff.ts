import type { Kysely } from 'kysely';
import { readAudit } from '../server/src/audit/audit.ts';
import type { DB } from '../server/src/db/schema.ts';
import { RoleError, createRolesService } from '../server/src/moderation/roles.service.ts';
import type { AdminResult } from './admin-commands.ts';

/** The staff commands of `npm run admin` (ADR 0091): roles, and the audit log read out. */
export const STAFF_USAGE = `  role:grant ROLE WHO      gives the member WHO (an address or a username) the role ROLE
                          (owner, admin or moderator), in place of any they held
  role:revoke WHO         takes the member's role away
  role:list               who holds which role
  audit:list [--limit N] [--before ID] [--action ACTION]
                          the audit log as JSON lines, newest first (50 by default)`;

/** `--name value` pairs of the words after a command; null when a word is not one of `known` or has no value. */
function options(words: string[], known: readonly string[]): Record<string, string> | null {
  const found: Record<string, string> = {};
  for (let i = 0; i < words.length; i += 2) {
    const name = words[i]!.replace(/^--/, '');
    const value = words[i + 1];
    if (!words[i]!.startsWith('--') || !known.includes(name) || value === undefined) return null;
    found[name] = value;
  }
  return found;
}

const whole = (text: string | undefined, max: number) => (text !== undefined && /^\d{1,9}$/.test(text) && Number(text) >= 1 && Number(text) <= max ? Number(text) : undefined);

/** Runs a staff command; undefined when the words are none of them. */
export async function runStaff(command: string | undefined, rest: string[], db: Kysely<DB>): Promise<AdminResult | undefined> {
  const roles = createRolesService(db);
  try {
    if (command === 'role:grant' && rest.length === 2) {
      const done = await roles.grant('command line', rest[0]!, rest[1]!);
      return { code: 0, out: `${done.member} is ${done.after} now${done.before ? ` (was ${done.before})` : ''}.` };
    }
    if (command === 'role:revoke' && rest.length === 1) {
      const done = await roles.revoke('command line', rest[0]!);
      return { code: 0, out: `${done.member} is no longer ${done.before}.` };
    }
  } catch (err) {
    if (err instanceof RoleError) return { code: 1, out: err.message };
    throw err;
  }
  if (command === 'role:list' && rest.length === 0) {
    const staff = await roles.staff();
    if (staff.length === 0) return { code: 0, out: 'Nobody holds a role. Make the first owner: npm run admin -- role:grant owner <address>' };
    return { code: 0, out: staff.map((s) => `${s.role.padEnd(10)} ${s.name?.trim() || 'No name'} <${s.email}>  since ${s.granted_at.slice(0, 16).replace('T', ' ')}`).join('\n') };
  }
  if (command === 'audit:list') {
    const given = options(rest, ['limit', 'before', 'action']);
    const limit = given?.limit === undefined ? 50 : whole(given.limit, 10_000);
    const before = given?.before === undefined ? undefined : whole(given.before, 2 ** 31 - 1);
    if (!given || limit === undefined || (given.before !== undefined && before === undefined)) return undefined;
    const lines = await readAudit(db, { limit, ...(before !== undefined ? { before } : {}), ...(given.action ? { actions: [given.action] } : {}) });
    return { code: 0, out: lines.map((line) => JSON.stringify(line)).join('\n') };
  }
  return undefined;
}
