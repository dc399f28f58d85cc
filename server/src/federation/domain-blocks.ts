export { domainsAbove, normalDomain } from '../lib/domain-names.ts';
import type { Kysely } from 'kysely';
import { type AuditActor, audit } from '../audit/audit.ts';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { domainsAbove, normalDomain } from '../lib/domain-names.ts';
import {
  type ServerPolicy,
  type ServerPolicyRow,
  accountsLike,
  anyBlocked,
  anyLimiting,
  anyRefusing,
  deleteDomainBlock,
  forgetIcons,
  listDomainBlocks,
  markAccountsLimited,
  saveServerPolicy,
  serverPolicyOf,
} from './domain-blocks.repository.ts';

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

/** Whether the address's server refuses reports: suspended, or its reports refused (ADR 0108); no http(s) URL counts as refused. */
export async function refusesReportsFrom(db: Kysely<DB>, address: URL | string | null | undefined): Promise<boolean> {
  try {
    return await anyRefusing(db, domainsAbove(new URL(String(address)).hostname), 'reject_reports');
  } catch {
    return true;
  }
}

/**
 * Whether a message of Fedify's queue is a delivery (an `outbox` message, one inbox each) to a server
 * blocked since it was queued: it is dropped, neither sent nor tried again.
 */
export async function isDeliveryToBlockedServer(db: Kysely<DB>, message: unknown): Promise<boolean> {
  if (typeof message !== 'object' || message === null) return false;
  const { type, inbox } = message as { type?: unknown; inbox?: unknown };
  return type === 'outbox' && typeof inbox === 'string' && isBlockedAddress(db, inbox);
}

/** What a block that says nothing more does: everything refused (the command line's `domain:block`). */
const SUSPENDED: ServerPolicy = { severity: 'suspend', reject_media: 0, reject_reports: 0, obfuscate: 0, public_comment: '', private_comment: '' };

/** A block's policy with its flags as booleans: as its audit row summarises it (the private comment too: the log is for staff) and the console shows it. */
export const policyView = (p: ServerPolicy) => ({
  severity: p.severity,
  reject_media: p.reject_media === 1,
  reject_reports: p.reject_reports === 1,
  obfuscate: p.obfuscate === 1,
  public_comment: p.public_comment,
  private_comment: p.private_comment,
});
const same = (a: ServerPolicy, b: ServerPolicy) => JSON.stringify(policyView(a)) === JSON.stringify(policyView(b));

/**
 * The operator's blocks of whole fediverse servers (ADR 0070; their policies, ADR 0108): from the
 * command line (`npm run admin -- domain:block` and its kin) and the console's servers. A block covers
 * the domain's subdomains. Suspending a server ends every follow between its accounts and members at
 * once, both ways, through `sever` (the social service's `severedFrom`, ADR 0086); refusing its media
 * forgets the pictures of its accounts (and none is kept after); limiting it (`silence`, ADR 0112)
 * limits every account of it known (`users.limited_at`, as the limit action does one: ADR 0111) and
 * each one met after (followers.repository.ts), and lifting that limit lifts theirs but for those
 * limited one by one. Each change is audited in its
 * transaction: 'domain.block', 'domain.change' (before and after), 'domain.unblock'.
 */
export function createDomainBlocks(db: Kysely<DB>, sever: (accountId: number) => Promise<number>) {
  /** The accounts elsewhere whose host the domain covers, with the domains above their host. */
  async function accountsOf(domain: string): Promise<Array<{ id: number; above: string[] }>> {
    return (await accountsLike(db, domain)).flatMap((actor) => {
      try {
        const above = domainsAbove(new URL(actor.uri).hostname);
        return above.includes(domain) ? [{ id: actor.id, above }] : [];
      } catch {
        return [];
      }
    });
  }

  /**
   * After a change of a block that limited or limits (`silence`, ADR 0112), each covered account is
   * limited or not as the blocks now say (a limit of a domain above it still holds), in `trx`.
   */
  async function relimit(trx: Kysely<DB>, accounts: ReadonlyArray<{ id: number; above: string[] }>, now: string): Promise<void> {
    const byDomains = new Map<string, { above: string[]; ids: number[] }>();
    for (const account of accounts) {
      const key = account.above.join(' ');
      const group = byDomains.get(key) ?? { above: account.above, ids: [] };
      group.ids.push(account.id);
      byDomains.set(key, group);
    }
    for (const { above, ids } of byDomains.values()) await markAccountsLimited(trx, ids, (await anyLimiting(trx, above)) ? now : null);
  }

  /**
   * Writes the domain's block (made, or changed when there is one), audited once as done `by` someone
   * (saving it unchanged adds no row, but ends what follows were left); resolves to the block as it now
   * is, or null when the text is no domain.
   */
  async function save(text: string, policy: ServerPolicy, by: AuditActor): Promise<{ domain: string; created: boolean; endedFollows: number; row: ServerPolicyRow } | null> {
    const domain = normalDomain(text);
    if (!domain) return null;
    const accounts = await accountsOf(domain);
    const { created, row } = await db.transaction().execute(async (trx) => {
      const before = await serverPolicyOf(trx, domain);
      if (before && same(before, policy)) return { created: false, row: before };
      const now = nowIso();
      const saved = await saveServerPolicy(trx, domain, policy, now);
      if (policy.severity === 'silence' || before?.severity === 'silence') await relimit(trx, accounts, now);
      const target = { kind: 'domain', label: domain };
      if (saved.made) await audit(trx, { actor: by, action: 'domain.block', target, after: policyView(policy) });
      else await audit(trx, { actor: by, action: 'domain.change', target, before: policyView(before!), after: policyView(policy) });
      const ids = accounts.map((a) => a.id);
      if (policy.severity === 'suspend' || policy.reject_media === 1) await forgetIcons(trx, ids);
      return { created: saved.made, row: saved.row };
    });
    let endedFollows = 0;
    if (policy.severity === 'suspend') for (const account of accounts) endedFollows += await sever(account.id);
    return { domain, created, endedFollows, row };
  }

  return {
    save,
    /** Suspends the domain (the command line): a block there already keeps its comments and choices. */
    async block(text: string, by: AuditActor): Promise<{ domain: string; endedFollows: number } | null> {
      const domain = normalDomain(text);
      const before = domain ? await serverPolicyOf(db, domain) : undefined;
      return save(text, { ...(before ?? SUSPENDED), severity: 'suspend' }, by);
    },
    /** Lifts a block, audited; resolves to false when there was none (or the text is no domain). */
    async unblock(text: string, by: AuditActor): Promise<boolean> {
      const domain = normalDomain(text);
      if (!domain) return false;
      const accounts = await accountsOf(domain);
      return db.transaction().execute(async (trx) => {
        const before = await serverPolicyOf(trx, domain);
        if (!before || !(await deleteDomainBlock(trx, domain))) return false;
        if (before.severity === 'silence') await relimit(trx, accounts, nowIso());
        await audit(trx, { actor: by, action: 'domain.unblock', target: { kind: 'domain', label: domain }, before: policyView(before) });
        return true;
      });
    },
    list: () => listDomainBlocks(db),
  };
}

export type DomainBlocks = ReturnType<typeof createDomainBlocks>;
