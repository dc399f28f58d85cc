import type { Kysely } from 'kysely';
import { type AuditActor, audit } from '../audit/audit.ts';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { type WatchedTerm, normaliseTerm } from '../lib/watched-terms.ts';
import { CaseError } from './case-error.ts';
import { allWatched, deleteWatched, upsertWatched } from './watched.repository.ts';

export const WATCHED_KINDS = ['word', 'link-domain', 'email-domain'] as const;

/**
 * The terms the moderators watch (issue 47, ADR 0104): a word or phrase and a link domain hold a comment
 * or reply that uses it for review (a case, as a new account's first link is held) or refuse it; an
 * e-mail domain refuses sign-ups from it. Each change is audited; social and auth read the list where
 * they write (db/shared.repository.ts `watchedTermsOf`), so a change counts at once on every app server.
 */
export function createWatched(db: Kysely<DB>) {
  return {
    list: () => allWatched(db),

    /** Watches the term (or changes what is done about it); what it is kept as, and whether it is new. */
    async watch(kind: WatchedTerm['kind'], raw: string, action: WatchedTerm['action'], by: AuditActor): Promise<{ id: number; term: string; created: boolean }> {
      const term = normaliseTerm(kind, raw);
      if (term === undefined) throw new CaseError(kind === 'word' ? 'A watched word is 2 to 100 characters long.' : `"${raw}" is not a domain name.`);
      if (kind === 'email-domain' && action === 'hold') throw new CaseError('Sign-ups are not held yet: an e-mail domain can only be refused (--refuse).');
      return db.transaction().execute(async (trx) => {
        const { id, before } = await upsertWatched(trx, { kind, term, action, created_at: nowIso() });
        await audit(trx, {
          actor: by,
          action: 'watch.set',
          target: { kind: 'watched-term', id, label: `${kind}: ${term}` },
          before: before ? { action: before } : null,
          after: { action },
        });
        return { id, term, created: before === undefined };
      });
    },

    /** Stops watching it; a CaseError when there is no such term. */
    async unwatch(id: number, by: AuditActor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const gone = await deleteWatched(trx, id);
        if (!gone) throw new CaseError(`There is no watched term ${id}.`);
        await audit(trx, { actor: by, action: 'watch.remove', target: { kind: 'watched-term', id, label: `${gone.kind}: ${gone.term}` }, before: { action: gone.action } });
      });
    },
  };
}
