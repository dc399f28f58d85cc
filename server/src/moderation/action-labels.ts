import { REPORT_KIND_NOUNS } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { quoted } from '../notify/notify.ts';
import { type ReportKind, targetsOf } from './reports.repository.ts';
import { described } from './reports.service.ts';

/** What an action acts on: its kind and the id of its comment or reply (none for an account). */
export interface ActedOn {
  target_kind: ReportKind;
  target_id: number | null;
}

/**
 * How what each action acts on is named, for whom is told: `your` to its account ("your comment
 * “…”", as the statement and the appeal page say), `their` to staff ("their account"). One query per
 * kind, whatever the number of actions; a thing deleted since is named as such.
 */
export async function namesOfActedOn(db: Kysely<DB>, actions: readonly ActedOn[], whose: 'your' | 'their'): Promise<(action: ActedOn) => string> {
  const labels = new Map<string, string>();
  for (const kind of new Set(actions.filter((a) => a.target_kind !== 'account').map((a) => a.target_kind))) {
    const ids = [...new Set(actions.filter((a) => a.target_kind === kind && a.target_id !== null).map((a) => a.target_id!))];
    for (const t of await targetsOf(db, kind, ids)) labels.set(`${kind} ${t.id}`, described(t).label);
  }
  return (action) => {
    if (action.target_kind === 'account') return `${whose} account`;
    const noun = REPORT_KIND_NOUNS[action.target_kind];
    const label = labels.get(`${action.target_kind} ${action.target_id}`);
    return label === undefined ? `${whose} ${noun} (deleted since)` : `${whose} ${noun} ${quoted(label)}`;
  };
}

/** What one action acts on, as its account is told it. */
export const yourActedOn = async (db: Kysely<DB>, action: ActedOn): Promise<string> => (await namesOfActedOn(db, [action], 'your'))(action);
