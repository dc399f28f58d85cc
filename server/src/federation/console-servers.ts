import type {
  ModServerRemoveResponse,
  ModServerSave,
  ModServerSaveResponse,
  ModServersImportResponse,
  ModServersResponse,
  PublicServerBlock,
  ServerBlock,
} from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { notFound, validationError } from '../lib/errors.ts';
import type { StaffCaller } from '../plugins/staff.ts';
import { type DomainBlocks, policyView } from './domain-blocks.ts';
import { type ServerPolicy, type ServerPolicyRow, accountsByHost, listDomainBlocks } from './domain-blocks.repository.ts';
import { domainsAbove, normalDomain, obfuscatedDomain } from '../lib/domain-names.ts';
import { readServerCsv, serverCsv } from './server-blocks-csv.ts';

const bit = (on: boolean) => (on ? 1 : 0);
const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function blockOf(row: ServerPolicyRow, accounts: number): ServerBlock {
  return { domain: row.domain, ...policyView(row), created_at: row.created_at, updated_at: row.updated_at ?? row.created_at, accounts };
}

/** The blocks everybody may read on /moderation: the domain (in part, when asked), what is done, and the public comment. */
export async function publicServerBlocks(db: Kysely<DB>): Promise<PublicServerBlock[]> {
  return (await listDomainBlocks(db)).map((r) => ({
    domain: r.obfuscate === 1 ? obfuscatedDomain(r.domain) : r.domain,
    severity: r.severity,
    reject_media: r.reject_media === 1,
    reject_reports: r.reject_reports === 1,
    reason: r.public_comment,
  }));
}

/**
 * The servers in the moderation console (issue 47, ADR 0108), for staff who manage federation: every
 * block with how many accounts of it this server knows; a block made, changed or lifted through the
 * same service as the command line's `domain:*` (audited under the caller's name); Mastodon's CSV
 * read in (a domain blocked here already is left as it is, each line taken said or skipped with why)
 * and written out.
 */
/** What the console says of a saved block, by its severity. */
const SAVED: Readonly<Record<ServerPolicy['severity'], (domain: string) => string>> = {
  suspend: (domain) => `${domain} and its subdomains are suspended.`,
  silence: (domain) => `${domain} and its subdomains are limited: their accounts are out of feeds, search and recommendations but for their followers.`,
  noop: (domain) => `The block of ${domain} is saved.`,
};

export function createConsoleServers(db: Kysely<DB>, blocks: DomainBlocks) {
  /** How many accounts elsewhere each domain covers (its hosts and theirs below it). */
  async function known(): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const { host, n } of await accountsByHost(db)) for (const domain of domainsAbove(host)) counts.set(domain, (counts.get(domain) ?? 0) + n);
    return counts;
  }

  return {
    async list(): Promise<ModServersResponse> {
      const [rows, counts] = await Promise.all([listDomainBlocks(db), known()]);
      return { servers: rows.map((r) => blockOf(r, counts.get(r.domain) ?? 0)) };
    },

    /** 422 when the domain is none; the block as saved, and the follows its suspension ended. */
    async save(staff: StaffCaller, body: ModServerSave): Promise<ModServerSaveResponse> {
      const policy: ServerPolicy = {
        severity: body.severity,
        reject_media: bit(body.reject_media),
        reject_reports: bit(body.reject_reports),
        obfuscate: bit(body.obfuscate),
        public_comment: body.public_comment,
        private_comment: body.private_comment,
      };
      const done = await blocks.save(body.domain, policy, { id: staff.id, name: staff.name });
      if (!done) throw validationError({ domain: [`“${body.domain.slice(0, 100)}” is not a domain name.`] });
      const { row } = done;
      const accounts = (await known()).get(row.domain) ?? 0;
      const ended = done.endedFollows > 0 ? ` ${counted(done.endedFollows, 'follow', 'follows')} between its accounts and members ended.` : '';
      const what = SAVED[policy.severity](done.domain);
      return { message: `${what}${ended}`, server: blockOf(row, accounts), ended_follows: done.endedFollows };
    },

    /** 404 when the domain is not blocked. */
    async remove(staff: StaffCaller, domainText: string): Promise<ModServerRemoveResponse> {
      const domain = normalDomain(domainText) ?? domainText.trim();
      if (!(await blocks.unblock(domain, { id: staff.id, name: staff.name }))) throw notFound(`${domain.slice(0, 100)} is not blocked.`);
      return { message: `The block of ${domain} is lifted.` };
    },

    /** Each line of the CSV blocked, or skipped with why (a domain blocked here already keeps its block: change it on its own). */
    async import(staff: StaffCaller, csv: string): Promise<ModServersImportResponse> {
      const by = { id: staff.id, name: staff.name };
      const lines = readServerCsv(csv);
      const seen = new Set((await listDomainBlocks(db)).map((r) => r.domain));
      const listed = new Set<string>();
      const added: string[] = [];
      const skipped: ModServersImportResponse['skipped'] = [];
      for (const line of lines) {
        if ('refused' in line) skipped.push({ line: line.line, domain: line.domain, reason: line.refused });
        else if (seen.has(line.domain)) skipped.push({ line: line.line, domain: line.domain, reason: 'Blocked here already: its block is left as it is.' });
        else if (listed.has(line.domain)) skipped.push({ line: line.line, domain: line.domain, reason: 'Listed twice: the first line was taken.' });
        else {
          await blocks.save(line.domain, line.policy, by);
          added.push(line.domain);
        }
        listed.add(line.domain);
      }
      const message = `${counted(added.length, 'server', 'servers')} blocked${skipped.length > 0 ? `; ${counted(skipped.length, 'line', 'lines')} skipped` : ''}.`;
      return { message, added, skipped };
    },

    csv: async () => serverCsv(await listDomainBlocks(db)),
  };
}

export type ConsoleServers = ReturnType<typeof createConsoleServers>;
