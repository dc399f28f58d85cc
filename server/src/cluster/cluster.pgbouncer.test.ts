import pg from 'pg';
import { expect, it } from 'vitest';
import { type DataStore, startServer } from '../security/server-process.ts';
import { type PgBouncer, pgbouncerMissing, startPgBouncer } from '../test/pgbouncer.ts';
import { type Front, describeCluster } from './cluster-cases.ts';

/**
 * The cluster suite's cases with both app servers' pools going through a real PgBouncer in
 * transaction mode (PostgreSQL only), as docs/deploy.md tells an operator to run it: DATABASE_URL is
 * PgBouncer, DATABASE_DIRECT_URL the database itself (LISTEN, the migrator's session lock),
 * DATABASE_PREPARED_STATEMENTS=off (PgBouncer before 1.21 carries no prepared statement from one
 * server connection to the next; Debian's, here, is 1.18), and DATABASE_STATEMENT_TIMEOUT_MS=0 with
 * the timeout set on the database (PgBouncer refuses the startup parameter). Its pool has 3 server
 * connections for both servers' 10 each, so their transactions keep changing server connection.
 */
const skip = process.env.INKWELL_TEST_DB !== 'postgres' ? 'PostgreSQL only (INKWELL_TEST_DB=postgres)' : pgbouncerMissing;
const TIMEOUT = '5s';
if (process.env.INKWELL_TEST_DB === 'postgres' && pgbouncerMissing) console.warn(`The PgBouncer cluster suite is skipped: ${pgbouncerMissing}`);

let bouncer: PgBouncer;
let directUrl: string;
let databaseName: string;

async function onDatabase<T extends pg.QueryResultRow>(url: string, statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(statement)).rows;
  } finally {
    await client.end();
  }
}

async function throughPgBouncer(store: DataStore): Promise<Front> {
  directUrl = store.databaseUrl!;
  databaseName = new URL(directUrl).pathname.slice(1);
  // What an operator does behind PgBouncer 1.18: the timeout on the database (or role), not sent by the app.
  await onDatabase(directUrl, `ALTER DATABASE ${databaseName} SET statement_timeout = '${TIMEOUT}'`);
  bouncer = await startPgBouncer(directUrl, { poolSize: 3 });
  return {
    databaseUrl: bouncer.url,
    env: { DATABASE_DIRECT_URL: directUrl, DATABASE_PREPARED_STATEMENTS: 'off', DATABASE_STATEMENT_TIMEOUT_MS: '0' },
    stop: () => bouncer.stop(),
  };
}

const ofDatabase = <T extends { database: string }>(rows: T[]) => rows.filter((row) => row.database === databaseName);

describeCluster({
  name: 'through PgBouncer in transaction mode',
  skip,
  front: throughPgBouncer,
  more: (cluster) => {
    it('shares its few server connections among more clients, one transaction at a time', async () => {
      const { a, b } = cluster();
      // Readiness probes, 12 at once on each server: each pool opens several clients to PgBouncer, and
      // keeps them 10 s. Once more clients are connected than PgBouncer has server connections (a burst
      // or a few), they must all be served, none left waiting: in session mode each would hold one.
      const clientsNow = async () => ofDatabase(await bouncer.admin<{ database: string }>('SHOW CLIENTS')).length;
      for (let burst = 0; burst < 5 && (burst === 0 || (await clientsNow()) <= bouncer.poolSize); burst++) {
        const answers = await Promise.all([a, b].flatMap((server) => Array.from({ length: 12 }, () => fetch(`${server.url}/api/ready`))));
        expect(answers.map((answer) => answer.status)).toEqual(Array(24).fill(200));
      }
      const [pool] = ofDatabase(await bouncer.admin<{ database: string; pool_mode: string; cl_waiting: number }>('SHOW POOLS'));
      expect(pool).toMatchObject({ pool_mode: 'transaction' });
      expect(Number(pool!.cl_waiting)).toBe(0);
      const servers = ofDatabase(await bouncer.admin<{ database: string }>('SHOW SERVERS')).length;
      expect(servers).toBeLessThanOrEqual(bouncer.poolSize);
      expect(await clientsNow()).toBeGreaterThan(bouncer.poolSize);
      // Over the whole suite: every transaction of both servers on the same few server connections.
      const [stats] = ofDatabase(await bouncer.admin<{ database: string; total_xact_count: number }>('SHOW STATS'));
      expect(Number(stats!.total_xact_count)).toBeGreaterThan(200);
      const opened = (await bouncer.log()).split('\n').filter((line) => line.includes(`${databaseName}/`) && line.includes('new connection to server'));
      expect(opened.length).toBeGreaterThan(0);
      expect(opened.length).toBeLessThanOrEqual(bouncer.poolSize);
    });

    it("runs every server connection under the database's statement timeout", async () => {
      const [setting] = await onDatabase<{ statement_timeout: string }>(bouncer.url, 'SHOW statement_timeout');
      expect(setting?.statement_timeout).toBe(TIMEOUT);
    });

    it('will not start with the timeout sent as a startup parameter, and says what to set', async () => {
      const env = { DATABASE_DIRECT_URL: directUrl, DATABASE_PREPARED_STATEMENTS: 'off', DATABASE_STATEMENT_TIMEOUT_MS: '5000' };
      await expect(startServer({ ...cluster().store, databaseUrl: bouncer.url }, { env })).rejects.toThrow(
        /Cannot prepare the database: unsupported startup parameter: statement_timeout \(behind PgBouncer: DATABASE_STATEMENT_TIMEOUT_MS=0/,
      );
    });
  },
});
