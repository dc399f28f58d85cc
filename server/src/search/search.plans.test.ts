import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { bulkPeopleAndPosts } from '../test/bulk.ts';
import { CANDIDATES, PG_WINDOW, createResultsRepository, resultsStatements } from './results.repository.ts';
import { SEARCH_WINDOW, searchStatements } from './search.repository.ts';

/**
 * Search must never walk a whole table: a word nobody wrote and a word everybody wrote both cost a
 * bounded amount, whatever the number of posts and people (issue: PostgreSQL took 458 ms at 100 000
 * posts). With 20 000 of each (forty times the window), PostgreSQL's EXPLAIN ANALYZE must show the
 * scans of posts and users that ran reading about a window's worth of rows, not the table; SQLite's plan must come from the
 * FTS5 indexes, the primary key and the bounded followers walk.
 */
const postgres = process.env.INKWELL_TEST_DB === 'postgres';
const ROWS = 20_000;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await bulkPeopleAndPosts(t, ROWS);
  // The results page's body index (migration 0019) reads body_text, which bulk rows leave empty.
  await sql`UPDATE posts SET body_text = 'uncommonbodyword'`.execute(t.db);
  await sql`ANALYZE`.execute(t.db);
});
afterAll(() => t?.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Function Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

let probes = 0;

/** Rows each scan of posts or users read (returned or filtered away), from EXPLAIN ANALYZE. */
async function rowsRead(text: string, params: unknown[], settings: string[] = []): Promise<{ read: number; nodes: string[]; calls: string[] }> {
  let n = 0;
  const numbered = text.replace(/\?/g, () => `$${++n}`);
  const literals = params.map((p) => `'${String(p).replace(/'/g, "''")}'`).join(', ');
  const root = await t.db.transaction().execute(async (trx) => {
    for (const setting of settings) await sql`SET LOCAL ${sql.raw(setting)}`.execute(trx);
    const name = sql.raw(`plan_probe_${++probes}`);
    await sql`PREPARE ${name} AS ${sql.raw(numbered)}`.execute(trx);
    const args = sql.raw(params.length > 0 ? `(${literals})` : '');
    const result = await sql<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE ${name}${args}`.execute(trx);
    await sql`DEALLOCATE ${name}`.execute(trx);
    return result.rows[0]!['QUERY PLAN'][0]!.Plan;
  });
  let read = 0;
  const nodes: string[] = [];
  const calls: string[] = [];
  const walk = (node: PlanNode) => {
    const ran = (node['Actual Loops'] ?? 0) > 0;
    if (ran && node['Function Name']) calls.push(node['Function Name']);
    if (ran && (node['Relation Name'] === 'posts' || node['Relation Name'] === 'users')) {
      const rows = (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
      read += rows;
      nodes.push(`${node['Node Type']} on ${node['Relation Name']}: ${rows}`);
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(root);
  return { read, nodes, calls };
}

/**
 * A search statement and the index functions it ran (inkwell_*_hits, whose inner plan EXPLAIN does not
 * show): each function's body is explained as it runs, with its own SET options and argument.
 */
async function searchRowsRead(text: string, params: unknown[], functionArg: string) {
  const outer = await rowsRead(text, params);
  for (const name of outer.calls.filter((c) => c.startsWith('inkwell_'))) {
    const fn = await sql<{ prosrc: string; proconfig: string[] | null; proargnames: string[] }>`
      SELECT prosrc, proconfig, proargnames FROM pg_proc WHERE proname = ${name}`.execute(t.db);
    const { prosrc, proconfig, proargnames } = fn.rows[0]!;
    const body = prosrc.replace(new RegExp(`\\b${proargnames[0]}\\b`, 'g'), name === 'inkwell_title_hits' ? `to_tsquery('simple', ?)` : '?');
    const inner = await rowsRead(body, Array((body.match(/\?/g) ?? []).length).fill(functionArg), proconfig ?? []);
    outer.read += inner.read;
    outer.nodes.push(...inner.nodes.map((line) => `${name}: ${line}`));
  }
  return outer;
}

describe.runIf(postgres)('search plans (PostgreSQL)', () => {
  const statements = searchStatements('postgres');
  const oldest = async () => (await t.database.all<{ id: number }>(`SELECT min(id) AS id FROM (${statements.recentPosts}) w`, []))[0]!.id;

  it.each([
    ['the newest posts', statements.recentPosts],
    ['the most followed people', statements.mostFollowed],
  ])('the window of %s is one index walk that stops at the window', async (_name, text) => {
    const { read, nodes } = await rowsRead(text, []);
    // The window's rows, and at most one author looked up per post.
    expect(read, nodes.join('\n')).toBeLessThanOrEqual(2 * SEARCH_WINDOW);
    expect(
      nodes.some((n) => n.startsWith('Seq Scan')),
      nodes.join('\n'),
    ).toBe(false);
  });

  it.each([
    ['a title word nobody wrote', 'uncommonbodyword:*'],
    ['a word one title holds', `${ROWS - 7777}:*`],
  ])('posts older than the window: %s reads a bounded number of rows', async (_name, query) => {
    const { read, nodes } = await searchRowsRead(statements.olderPosts, [query, await oldest()], query);
    expect(read, nodes.join('\n')).toBeLessThanOrEqual(20);
    expect(
      nodes.some((n) => n.startsWith('Seq Scan')),
      nodes.join('\n'),
    ).toBe(false);
  });

  it('people beyond the window: the trigram index answers a name nobody has, reading a bounded number of rows', async () => {
    const beyond = await searchRowsRead(statements.peopleBeyond, ['%zzq%'], '%zzq%');
    expect(beyond.read, beyond.nodes.join('\n')).toBeLessThanOrEqual(SEARCH_WINDOW + 20);
    expect(
      beyond.nodes.some((n) => n.startsWith('Seq Scan')),
      beyond.nodes.join('\n'),
    ).toBe(false);
  });
});

describe.runIf(!postgres)('search plans (SQLite)', () => {
  const statements = searchStatements('sqlite');
  const plan = async (text: string) => {
    const n = (text.match(/\?/g) ?? []).length;
    return (await t.database.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${text}`, Array(n).fill('"x"'))).map((r) => r.detail);
  };
  const scansATable = (lines: string[]) => lines.filter((l) => /^SCAN (posts|users)\b/.test(l) && !/USING (COVERING )?INDEX/.test(l));

  it('the windows are index walks that stop at the window', async () => {
    const posts = await plan(statements.recentPosts);
    // The site's posts (migration 0055's partial index) in id order, newest first, stopped by LIMIT; each author by primary key.
    expect(posts, posts.join('\n')).toEqual(['SCAN p USING INDEX posts_site_idx', 'SEARCH u USING INTEGER PRIMARY KEY (rowid=?)']);
    const people = await plan(statements.mostFollowed);
    expect(
      people.some((l) => /SCAN users USING INDEX users_followers_rank_idx/.test(l)),
      people.join('\n'),
    ).toBe(true);
    expect(
      people.some((l) => /TEMP B-TREE/.test(l)),
      people.join('\n'),
    ).toBe(false);
    for (const text of [statements.recentPosts, statements.mostFollowed]) expect(text).toMatch(new RegExp(`LIMIT ${SEARCH_WINDOW}\\b`));
  });

  it('older posts come from the FTS5 index below the window, then the primary key', async () => {
    const lines = await plan(statements.olderPosts);
    expect(
      lines.some((l) => /SCAN posts_search VIRTUAL TABLE INDEX/.test(l)),
      lines.join('\n'),
    ).toBe(true);
    expect(
      lines.some((l) => /SEARCH p USING INTEGER PRIMARY KEY/.test(l)),
      lines.join('\n'),
    ).toBe(true);
    expect(scansATable(lines), lines.join('\n')).toEqual([]);
  });

  it('people beyond the window come from the FTS5 trigram index', async () => {
    const beyond = await plan(statements.peopleBeyond);
    expect(
      beyond.some((l) => /SCAN s VIRTUAL TABLE INDEX/.test(l)),
      beyond.join('\n'),
    ).toBe(true);
    expect(
      beyond.some((l) => /SEARCH u USING INTEGER PRIMARY KEY/.test(l)),
      beyond.join('\n'),
    ).toBe(true);
    expect(scansATable(beyond), beyond.join('\n')).toEqual([]);
  });
});

/** The results page (POST /search/results): each statement bounded, on both databases. */
describe.runIf(postgres)('search results plans (PostgreSQL)', () => {
  const s = resultsStatements('postgres');
  const newest = async () => (await t.database.all<{ id: number }>(s.newestPost, []))[0]!.id;

  it.each([
    ['heading', s.pgRecent.heading, 'common:*'],
    ['heading', s.pgRecent.heading, 'zzqxv:*'],
    ['body', s.pgRecent.body, 'uncommonbodyword'],
    ['body', s.pgRecent.body, 'zzqxv'],
  ])('the %s window (%s) reads at most the window, in id order', async (_field, text, query) => {
    const { read, nodes } = await rowsRead(text, [await newest(), query]);
    expect(read, nodes.join('\n')).toBeLessThanOrEqual(PG_WINDOW);
    expect(
      nodes.some((n) => n.startsWith('Seq Scan')),
      nodes.join('\n'),
    ).toBe(false);
  });

  it.each([
    ['heading', s.pgOlder.heading, 'zzqxv:*'],
    ['heading', s.pgOlder.heading, `number:* & ${ROWS - 7777}:*`],
    ['body', s.pgOlder.body, 'zzqxv'],
  ])('the %s index below the window reads what matches: %s', async (_field, text, query) => {
    const { read, nodes } = await searchRowsRead(text, [query, await newest()], query);
    expect(read, nodes.join('\n')).toBeLessThanOrEqual(20);
    expect(
      nodes.some((n) => n.startsWith('Seq Scan')),
      nodes.join('\n'),
    ).toBe(false);
  });

  it("candidates, a page's details and the window floor read their rows by primary key", async () => {
    const top = await newest();
    const ids = Array.from({ length: 3 * CANDIDATES }, (_, i) => top - 3 * i);
    for (const [text, params] of [
      [s.candidates, [`{${ids.join(',')}}`]],
      [s.details, [`{${ids.slice(0, 10).join(',')}}`]],
      [s.pgWindowFloor, [top]],
    ] as const) {
      const { read, nodes } = await rowsRead(text, [...params]);
      expect(read, nodes.join('\n')).toBeLessThanOrEqual(2 * ids.length + PG_WINDOW);
      expect(
        nodes.some((n) => n.startsWith('Seq Scan')),
        nodes.join('\n'),
      ).toBe(false);
    }
  });

  it('people by name, user name or bio: the trigram indexes answer a text nobody has', async () => {
    const { read, nodes } = await searchRowsRead(s.peopleBeyond, ['%zzq%'], '%zzq%');
    expect(read, nodes.join('\n')).toBeLessThanOrEqual(SEARCH_WINDOW + 20);
    expect(
      nodes.some((n) => n.startsWith('Seq Scan')),
      nodes.join('\n'),
    ).toBe(false);
  });

  it('a common word is looked for in the window, a rare one in the index, with the same answer', async () => {
    const repo = createResultsRepository(t.database);
    const top = await newest();
    const common = (await repo.hits(['uncommonbodyword'], 'body', top))[0]!;
    expect(common).toEqual(Array.from({ length: CANDIDATES }, (_, i) => top - i));
    expect((await repo.hits([String(ROWS - 7777)], 'heading', top))[0]).toHaveLength(1);
  });
});

describe.runIf(!postgres)('search results plans (SQLite)', () => {
  const s = resultsStatements('sqlite');
  const plan = async (text: string, params: unknown[]) => (await t.database.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${text}`, params)).map((r) => r.detail);
  const scansATable = (lines: string[]) => lines.filter((l) => /^SCAN (posts|users|p|u)\b/.test(l) && !/USING (COVERING )?INDEX/.test(l));

  it("each word's newest matches come from the FTS5 indexes, in rowid order", async () => {
    for (const [table, text] of [
      ['posts_heading', s.sqliteHits.heading],
      ['posts_body', s.sqliteHits.body],
    ] as const) {
      const lines = await plan(text, ['"x"', 1]);
      expect(
        lines.some((l) => new RegExp(`SCAN ${table} VIRTUAL TABLE INDEX`).test(l)),
        lines.join('\n'),
      ).toBe(true);
      expect(
        lines.some((l) => /TEMP B-TREE/.test(l)),
        lines.join('\n'),
      ).toBe(false);
      expect(text).toMatch(new RegExp(`LIMIT ${CANDIDATES}\\b`));
    }
  });

  it("candidates and a page's details are read by primary key", async () => {
    for (const text of [s.candidates, s.details]) {
      const lines = await plan(text, ['[1,2,3]']);
      expect(
        lines.some((l) => /SEARCH p USING INTEGER PRIMARY KEY/.test(l)),
        lines.join('\n'),
      ).toBe(true);
      expect(scansATable(lines), lines.join('\n')).toEqual([]);
    }
  });

  it('people past the window come from the trigram indexes over name, user name and bio', async () => {
    const lines = await plan(s.peopleBeyond, ['"zzq"', '"zzq"']);
    expect(
      lines.some((l) => /users_search VIRTUAL TABLE INDEX/.test(l)),
      lines.join('\n'),
    ).toBe(true);
    expect(
      lines.some((l) => /users_bio_search VIRTUAL TABLE INDEX/.test(l)),
      lines.join('\n'),
    ).toBe(true);
    expect(scansATable(lines), lines.join('\n')).toEqual([]);
  });
});
