import type { Kysely, NotNull, Selectable } from 'kysely';
import type { DB, FederationDomainBlocksTable } from '../db/schema.ts';
import { releaseLimits } from '../db/shared.repository.ts';

/** The SQL of the blocks of fediverse domains (migration 0032, ADR 0070; their policies, 0074, ADR 0108). */

export type ServerPolicyRow = Selectable<FederationDomainBlocksTable>;
/** What a block says of its server, as it is written. */
export type ServerPolicy = Pick<ServerPolicyRow, 'severity' | 'reject_media' | 'reject_reports' | 'obfuscate' | 'public_comment' | 'private_comment'>;

/** Blocks the domain (suspended, as the command line does); a second block of it changes nothing (false). */
export async function insertDomainBlock(db: Kysely<DB>, domain: string, now: string): Promise<boolean> {
  const row = await db
    .insertInto('federation_domain_blocks')
    .values({ domain, created_at: now })
    .onConflict((oc) => oc.column('domain').doNothing())
    .returning('domain')
    .executeTakeFirst();
  return row !== undefined;
}

/** The block of exactly this domain, or undefined. */
export async function serverPolicyOf(db: Kysely<DB>, domain: string): Promise<ServerPolicyRow | undefined> {
  return db.selectFrom('federation_domain_blocks').selectAll().where('domain', '=', domain).executeTakeFirst();
}

/** Writes the domain's block: a new one (`made`), or the one there changed; two at once make one. Resolves to the row as written. */
export async function saveServerPolicy(db: Kysely<DB>, domain: string, policy: ServerPolicy, now: string): Promise<{ made: boolean; row: ServerPolicyRow }> {
  const made = await db
    .insertInto('federation_domain_blocks')
    .values({ domain, ...policy, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('domain').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (made) return { made: true, row: made };
  const row = await db
    .updateTable('federation_domain_blocks')
    .set({ ...policy, updated_at: now })
    .where('domain', '=', domain)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { made: false, row };
}

/** Resolves to whether there was a block to lift. */
export async function deleteDomainBlock(db: Kysely<DB>, domain: string): Promise<boolean> {
  const result = await db.deleteFrom('federation_domain_blocks').where('domain', '=', domain).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listDomainBlocks(db: Kysely<DB>): Promise<ServerPolicyRow[]> {
  return db.selectFrom('federation_domain_blocks').selectAll().orderBy('domain').execute();
}

/** Whether any of these domains (a host and the domains above it) is suspended. */
export async function anyBlocked(db: Kysely<DB>, domains: readonly string[]): Promise<boolean> {
  if (domains.length === 0) return false;
  const row = await db.selectFrom('federation_domain_blocks').select('domain').where('domain', 'in', domains).where('severity', '=', 'suspend').executeTakeFirst();
  return row !== undefined;
}

/** Whether any of these domains is suspended or refuses this (its media, its reports). */
export async function anyRefusing(db: Kysely<DB>, domains: readonly string[], what: 'reject_media' | 'reject_reports'): Promise<boolean> {
  if (domains.length === 0) return false;
  const row = await db
    .selectFrom('federation_domain_blocks')
    .select('domain')
    .where('domain', 'in', domains)
    .where((eb) => eb.or([eb('severity', '=', 'suspend'), eb(what, '=', 1)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether any of these domains limits its accounts (severity `silence`, ADR 0112). */
export async function anyLimiting(db: Kysely<DB>, domains: readonly string[]): Promise<boolean> {
  if (domains.length === 0) return false;
  const row = await db.selectFrom('federation_domain_blocks').select('domain').where('domain', 'in', domains).where('severity', '=', 'silence').executeTakeFirst();
  return row !== undefined;
}

/**
 * Marks accounts elsewhere limited, as their server's limit says (ADR 0112); or, `on` null, no longer,
 * but for those still limited another way (releaseLimits: their own limit, another block's).
 */
export async function markAccountsLimited(db: Kysely<DB>, ids: readonly number[], on: string | null): Promise<void> {
  if (on === null) return releaseLimits(db, ids);
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .updateTable('users')
      .set({ limited_at: on })
      .where('id', 'in', ids.slice(i, i + 500))
      .where('domain', 'is not', null)
      .where('limited_at', 'is', null)
      .execute();
  }
}

/** Accounts elsewhere (rows of users) whose id mentions the domain (the caller keeps those whose host it covers). */
export async function accountsLike(db: Kysely<DB>, domain: string): Promise<Array<{ id: number; uri: string }>> {
  return db
    .selectFrom('users')
    .select(['id', 'ap_id as uri'])
    .where('domain', 'is not', null)
    .where('ap_id', 'like', `%${domain.replace(/[%_\\]/g, '')}%`)
    .$narrowType<{ uri: NotNull }>()
    .execute();
}

/** How many accounts elsewhere this server knows, by host. */
export async function accountsByHost(db: Kysely<DB>): Promise<Array<{ host: string; n: number }>> {
  const rows = await db
    .selectFrom('users')
    .select((eb) => ['domain as host', eb.fn.countAll<number | string>().as('n')])
    .where('domain', 'is not', null)
    .groupBy('domain')
    .$narrowType<{ host: NotNull }>()
    .execute();
  return rows.map((r) => ({ host: r.host, n: Number(r.n) }));
}

/** Forgets the pictures of these accounts (their server's media are refused). */
export async function forgetIcons(db: Kysely<DB>, accountIds: readonly number[]): Promise<void> {
  if (accountIds.length === 0) return;
  await db.updateTable('users').set({ icon_url: null }).where('id', 'in', accountIds).where('domain', 'is not', null).execute();
}
