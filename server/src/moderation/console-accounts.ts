import { type ModAccountResponse, paths } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import { staffRoleOf } from '../db/shared.repository.ts';
import type { DB } from '../db/schema.ts';
import { notFound } from '../lib/errors.ts';
import { NO_TALLY, accountForStaff, actionsOnAccount, casesAboutAccount, reporterTallies, serverStanding } from './console.repository.ts';

/** How many earlier actions and cases the page shows. */
const HISTORY = 20;

/**
 * One account in the console (issue 47): a member or an account elsewhere alike (one graph) — who it
 * is, what is in force on it now, its earlier actions and the cases about it, how its own reports
 * fared, and for an account elsewhere its server's standing, as a case page shows it.
 */
export async function accountForConsole(db: Kysely<DB>, id: number, now = new Date()): Promise<ModAccountResponse> {
  const row = await accountForStaff(db, id);
  if (!row) throw notFound(`There is no account ${id}.`);
  const host = row.domain ?? undefined;
  const [actions, cases, role, own, server] = await Promise.all([
    actionsOnAccount(db, id, HISTORY),
    casesAboutAccount(db, id, 0, HISTORY),
    staffRoleOf(db, id),
    reporterTallies(db, [id]),
    host ? serverStanding(db, host) : null,
  ]);
  const at = now.toISOString();
  const inForce = (a: { lifted_at: string | null; ends_at: string | null }) => a.lifted_at === null && (a.ends_at === null || a.ends_at > at);
  return {
    account: {
      id,
      name: row.name,
      address: row.handle ?? row.email,
      elsewhere: host !== undefined,
      href: host ? (row.url ?? `https://${host}/`) : paths.viewProfile.getHref(id),
      joined_at: row.created_at,
      deactivated_at: row.deactivated_at,
      role: role?.name ?? null,
      posts: Number(row.post_count),
      followers: Number(row.followers_count),
    },
    in_force: actions.filter(inForce),
    history: { actions: actions.filter((a) => !inForce(a)), cases },
    reports: own.get(id) ?? NO_TALLY,
    server,
  };
}
