import type { Kysely, NotNull } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The SQL of blocked fediverse domains (migration 0032, ADR 0070). */

/** Blocks the domain; a second block of it changes nothing (false). */
export async function insertDomainBlock(db: Kysely<DB>, domain: string, now: string): Promise<boolean> {
  const row = await db
    .insertInto('federation_domain_blocks')
    .values({ domain, created_at: now })
    .onConflict((oc) => oc.column('domain').doNothing())
    .returning('domain')
    .executeTakeFirst();
  return row !== undefined;
}

/** Resolves to whether there was a block to lift. */
export async function deleteDomainBlock(db: Kysely<DB>, domain: string): Promise<boolean> {
  const result = await db.deleteFrom('federation_domain_blocks').where('domain', '=', domain).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listDomainBlocks(db: Kysely<DB>): Promise<Array<{ domain: string; created_at: string }>> {
  return db.selectFrom('federation_domain_blocks').select(['domain', 'created_at']).orderBy('domain').execute();
}

/** Whether any of these domains (a host and the domains above it) is blocked. */
export async function anyBlocked(db: Kysely<DB>, domains: readonly string[]): Promise<boolean> {
  if (domains.length === 0) return false;
  const row = await db.selectFrom('federation_domain_blocks').select('domain').where('domain', 'in', domains).executeTakeFirst();
  return row !== undefined;
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
