import { domainToASCII } from 'node:url';
import type { Kysely } from 'kysely';
import { type AuditActor, audit } from '../audit/audit.ts';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { anyBlocked, deleteDomainBlock, insertDomainBlock, listDomainBlocks, accountsLike } from './domain-blocks.repository.ts';

/** A domain as blocks keep it (lower case, punycode, no port or path), or null when it is not one. */
export function normalDomain(text: string): string | null {
  const bare = text
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/\.$/, '');
  const ascii = domainToASCII(bare);
  return ascii && ascii.length <= 253 && /^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(ascii) ? ascii : null;
}

/** A host and every domain above it (`a.b.example` → itself, `b.example`, `example`): a block of any covers it. */
export function domainsAbove(host: string): string[] {
  const domain = normalDomain(host);
  if (!domain) return [];
  const parts = domain.split('.');
  return parts.map((_, i) => parts.slice(i).join('.'));
}

/** Whether the address's host is blocked (an address that is no http(s) URL counts as blocked: nothing is taken from it). */
export async function isBlockedAddress(db: Kysely<DB>, address: URL | string | null | undefined): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(String(address));
  } catch {
    return true;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return true;
  return isBlockedHost(db, url.hostname);
}

/** Whether the host, or a domain above it, is blocked. */
export const isBlockedHost = (db: Kysely<DB>, host: string): Promise<boolean> => anyBlocked(db, domainsAbove(host));

/**
 * Whether a message of Fedify's queue is a delivery (an `outbox` message, one inbox each) to a server
 * blocked since it was queued: it is dropped, neither sent nor tried again.
 */
export async function isDeliveryToBlockedServer(db: Kysely<DB>, message: unknown): Promise<boolean> {
  if (typeof message !== 'object' || message === null) return false;
  const { type, inbox } = message as { type?: unknown; inbox?: unknown };
  return type === 'outbox' && typeof inbox === 'string' && isBlockedAddress(db, inbox);
}

/**
 * The operator's blocks of whole fediverse servers (ADR 0070): `npm run admin -- domain:block` and
 * its kin. A block covers the domain's subdomains; blocking ends every follow between its accounts
 * and members at once, both ways, through `sever` (the social service's `severedFrom`, ADR 0086).
 */
export function createDomainBlocks(db: Kysely<DB>, sever: (accountId: number) => Promise<number>) {
  return {
    /**
     * Blocks the domain, audited as done `by` someone (once: a second block of it adds no row, but
     * ends what follows were left); resolves to the follows it ended, or null when the text is no domain.
     */
    async block(text: string, by: AuditActor): Promise<{ domain: string; endedFollows: number } | null> {
      const domain = normalDomain(text);
      if (!domain) return null;
      await db.transaction().execute(async (trx) => {
        if (await insertDomainBlock(trx, domain, nowIso())) await audit(trx, { actor: by, action: 'domain.block', target: { kind: 'domain', label: domain } });
      });
      const covered = (await accountsLike(db, domain)).filter((actor) => {
        try {
          return domainsAbove(new URL(actor.uri).hostname).includes(domain);
        } catch {
          return false;
        }
      });
      let endedFollows = 0;
      for (const account of covered) endedFollows += await sever(account.id);
      return { domain, endedFollows };
    },
    /** Lifts a block, audited; resolves to false when there was none (or the text is no domain). */
    async unblock(text: string, by: AuditActor): Promise<boolean> {
      const domain = normalDomain(text);
      if (!domain) return false;
      return db.transaction().execute(async (trx) => {
        const lifted = await deleteDomainBlock(trx, domain);
        if (lifted) await audit(trx, { actor: by, action: 'domain.unblock', target: { kind: 'domain', label: domain } });
        return lifted;
      });
    },
    list: () => listDomainBlocks(db),
  };
}
