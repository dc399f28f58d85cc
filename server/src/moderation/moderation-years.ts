import type { ModerationYear, ModerationYearsResponse, PublicServerBlock } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { appealsByYear, decisionsByYear, heldByYear, reportsByYear } from './moderation-years.repository.ts';

/** How long the counts are kept before they are read again: they change slowly, and everybody may ask. */
const KEPT_MS = 60_000;

/**
 * The moderators' work year by year, for everybody (issue 47, ADR 0107): reports (and those from other
 * servers), writings held for review, cases decided by decision, appeals and their answers. Four
 * grouped counts, kept a minute in this process; newest year first, a year only once something happened in it.
 * With them, the servers blocked (ADR 0108), read each time: a block shows at once.
 */
export function createModerationYears(db: Kysely<DB>, blockedServers: () => Promise<PublicServerBlock[]>, now: () => number = Date.now) {
  let kept: { at: number; answer: Promise<ModerationYear[]> } | undefined;

  async function read(): Promise<ModerationYear[]> {
    const [reports, decisions, held, appeals] = await Promise.all([reportsByYear(db), decisionsByYear(db), heldByYear(db), appealsByYear(db)]);
    const years = new Map<number, ModerationYear>();
    const yearOf = (text: string) => {
      const year = Number(text);
      let entry = years.get(year);
      if (!entry) years.set(year, (entry = { year, reports: 0, from_servers: 0, held: 0, decisions: {}, appeals: { made: 0, upheld: 0, turned_down: 0, changed: 0 } }));
      return entry;
    };
    for (const r of reports) Object.assign(yearOf(r.year), { reports: Number(r.n), from_servers: Number(r.from_servers) });
    for (const d of decisions) yearOf(d.year).decisions[d.decision!] = Number(d.n);
    for (const h of held) yearOf(h.year).held = Number(h.n);
    for (const a of appeals) {
      const entry = yearOf(a.year).appeals;
      entry.made += Number(a.n);
      if (a.status === 'approved') entry.upheld += Number(a.n);
      if (a.status === 'rejected') entry.turned_down += Number(a.n);
      if (a.status === 'changed') entry.changed += Number(a.n);
    }
    return [...years.values()].filter((y) => Number.isSafeInteger(y.year)).sort((a, b) => b.year - a.year);
  }

  return {
    async years(): Promise<ModerationYearsResponse> {
      if (!kept || now() - kept.at > KEPT_MS) {
        const answer = read();
        kept = { at: now(), answer };
        answer.catch(() => {
          if (kept?.answer === answer) kept = undefined;
        });
      }
      const [years, servers] = await Promise.all([kept.answer, blockedServers()]);
      return { years, servers };
    },
  };
}
