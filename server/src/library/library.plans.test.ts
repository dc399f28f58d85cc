import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { bulkPeopleAndPosts } from '../test/bulk.ts';
import { HISTORY_SQL } from './history.repository.ts';
import { SET_MAX, createLibrarySearchRepository, librarySearchStatements } from './library-search.repository.ts';

/**
 * The personal library never walks a table: its search reads the member's bounded sets from their
 * indexes and asks the full-text indexes about those ids only; a history page is one bounded walk of
 * reading_history_recent_idx. 20 000 posts (all by one member, who also saved and read 1 500 of
 * them: more than a set holds), on PostgreSQL with the generic plans prepared statements settle on.
 */
const postgres = process.env.INKWELL_TEST_DB === 'postgres';
const ROWS = 20_000;
const KEPT = 1_500;
let t: TestApp;
let member: number;
let newest: number;

beforeAll(async () => {
  t = await buildTestApp();
  await bulkPeopleAndPosts(t, ROWS);
  member = (await t.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  newest = Number(
    (
      await t.db
        .selectFrom('posts')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id,
  );
  // The body index reads body_text, which bulk rows leave empty: one word in every body.
  await sql`UPDATE posts SET body_text = 'uncommonbodyword'`.execute(t.db);
  const at = new Date().toISOString();
  await sql`INSERT INTO saves (user_id, post_id, created_at) SELECT ${member}, id, ${at} FROM posts WHERE id % 7 = 0 ORDER BY id DESC LIMIT ${KEPT}`.execute(t.db);
  await sql`INSERT INTO reading_history (user_id, post_id, read_at) SELECT ${member}, id, ${at} FROM posts WHERE id % 5 = 0 ORDER BY id DESC LIMIT ${KEPT}`.execute(t.db);
  // Every other member saved and read one story: the member's rows are a few among many.
  const first = Number(
    (
      await t.db
        .selectFrom('posts')
        .select((eb) => eb.fn.min('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id,
  );
  for (const table of ['saves', 'reading_history'] as const) {
    const time = sql.raw(table === 'saves' ? 'created_at' : 'read_at');
    await sql`INSERT INTO ${sql.table(table)} (user_id, post_id, ${time}) SELECT u.id, ${first} + (u.id * 7) % ${ROWS}, ${at} FROM users u WHERE u.id <> ${member}`.execute(t.db);
  }
  await sql`ANALYZE`.execute(t.db);
});
afterAll(() => t?.close());

const searched = async () => [...new Set((await createLibrarySearchRepository(t.database).sets(member, newest)).map((r) => Number(r.id)))];

describe('the sets and the matches', () => {
  it('bring at most SET_MAX stories each, whatever the member holds', async () => {
    const rows = await createLibrarySearchRepository(t.database).sets(member, newest);
    const count = (kind: number) => rows.filter((r) => Number(r.kind) === kind).length;
    expect([count(1), count(2), count(3)]).toEqual([SET_MAX, SET_MAX, SET_MAX]);
  });

  it('find a word in every body and a word in one title among the member’s ids only', async () => {
    const repo = createLibrarySearchRepository(t.database);
    const ids = await searched();
    const one = ids[17]!;
    const title = (await t.db.selectFrom('posts').select('title').where('id', '=', one).executeTakeFirstOrThrow()).title;
    const { heading, body } = await repo.matches(['uncommonbodyword', title.split(' ').pop()!], ids);
    expect([...body[0]!].sort()).toEqual([...ids].sort());
    expect(heading).toEqual([[], [one]]);
    expect(body[1]).toEqual([]);
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

const BIG = ['posts', 'users', 'saves', 'reading_history'];

/** The statement's plan as run (EXPLAIN ANALYZE of a prepared statement, generic or custom): each scan and the rows it read. */
async function pgPlan(text: string, params: readonly unknown[], generic: boolean) {
  let n = 0;
  const numbered = text.replace(/\?/g, () => `$${++n}`);
  const literal = (p: unknown) => (Array.isArray(p) ? `'{${p.join(',')}}'` : typeof p === 'number' ? String(p) : `'${String(p).replace(/'/g, "''")}'`);
  const root = await t.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL plan_cache_mode = ${sql.raw(generic ? 'force_generic_plan' : 'force_custom_plan')}`.execute(trx);
    await sql`PREPARE library_probe AS ${sql.raw(numbered)}`.execute(trx);
    const result = await sql<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE library_probe(${sql.raw(params.map(literal).join(', '))})`.execute(
      trx,
    );
    await sql`DEALLOCATE library_probe`.execute(trx);
    return result.rows[0]!['QUERY PLAN'][0]!.Plan;
  });
  const scans: string[] = [];
  let read = 0;
  const walk = (node: PlanNode) => {
    // The tables that hold many rows here (the empty ones, likes or the image ledger, are scanned whole at no cost).
    if (node['Relation Name'] && BIG.includes(node['Relation Name']) && (node['Actual Loops'] ?? 0) > 0) {
      const rows = (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
      read += rows;
      scans.push(`${node['Node Type']} on ${node['Relation Name']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}: ${rows}`);
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(root);
  return { scans, read, shown: scans.join('\n') };
}

describe.runIf(postgres)('library plans (PostgreSQL)', () => {
  const s = librarySearchStatements('postgres');

  it.each([true, false])('the sets read the member’s own rows by index, nobody else’s (generic plan: %s)', async (generic) => {
    const { scans, read, shown } = await pgPlan(s.sets, [member, newest, member, newest, member, newest], generic);
    expect(
      scans.some((l) => l.startsWith('Seq Scan')),
      shown,
    ).toBe(false);
    // The planner may read all of a member's saves or history and sort them when they are few (here
    // 1 500 each), or walk the time index to SET_MAX: never another member's rows, never more than 1 000 posts.
    expect(read, shown).toBeLessThanOrEqual(2 * KEPT + SET_MAX);
  });

  it.each([
    ['zzqxv', true],
    ['common', true],
    ['uncommonbodyword number', true],
    ['uncommonbodyword number', false],
    ['zzqxv', false],
  ] as const)('words (%s) are tested on the member’s ids only, by primary key (generic plan: %s)', async (words, generic) => {
    const body = words.split(' ');
    const heading = body.map((w) => `${w}:*`);
    const params = [heading, body, await searched(), heading.join(' | '), body.join(' | ')];
    const { scans, read, shown } = await pgPlan(s.pgMatch, params, generic);
    expect(
      scans.some((l) => l.startsWith('Seq Scan') || l.startsWith('Bitmap')),
      shown,
    ).toBe(false);
    expect(read, shown).toBeLessThanOrEqual(3 * SET_MAX);
  });

  it('matches and a page’s details are read by primary key', async () => {
    const ids = await searched();
    for (const [text, params] of [
      [s.matches, [ids]],
      [s.details, [ids.slice(0, 10)]],
    ] as const) {
      const { scans, read, shown } = await pgPlan(text, params, true);
      expect(
        scans.some((l) => l.startsWith('Seq Scan')),
        shown,
      ).toBe(false);
      expect(read, shown).toBeLessThanOrEqual(2 * ids.length);
    }
  });

  it('a history page is one bounded walk of its index', async () => {
    const { scans, read, shown } = await pgPlan(HISTORY_SQL.page, [member, member, member, '9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z', 2_147_483_647], true);
    expect(
      scans.some((l) => l.startsWith('Seq Scan')),
      shown,
    ).toBe(false);
    expect(
      scans.some((l) => l.includes('reading_history_recent_idx')),
      shown,
    ).toBe(true);
    expect(read, shown).toBeLessThanOrEqual(200);
  });
});

describe.runIf(!postgres)('library plans (SQLite)', () => {
  const s = librarySearchStatements('sqlite');
  const plan = async (text: string, params: unknown[]) => (await t.database.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${text}`, params)).map((r) => r.detail);
  const walks = (lines: string[]) => lines.filter((l) => /^SCAN (posts|users|saves|reading_history|p|u)\b/.test(l) && !/USING (COVERING )?INDEX/.test(l));

  it('the sets are three index walks in their order, none sorted', async () => {
    const lines = await plan(s.sets, [1, 1, 1, 1, 1, 1]);
    expect(walks(lines), lines.join('\n')).toEqual([]);
    expect(
      lines.some((l) => /TEMP B-TREE/.test(l)),
      lines.join('\n'),
    ).toBe(false);
    for (const index of ['saves_user_time_idx', 'reading_history_recent_idx', 'posts_user_id_idx']) {
      expect(
        lines.some((l) => l.includes(index)),
        `${index}\n${lines.join('\n')}`,
      ).toBe(true);
    }
    expect(s.sets.match(new RegExp(`LIMIT ${SET_MAX}\\b`, 'g'))).toHaveLength(3);
  });

  it('a word is read from the FTS5 index once and kept among the member’s ids', async () => {
    for (const [table, text] of [
      ['posts_heading', s.sqliteMatch.heading],
      ['posts_body', s.sqliteMatch.body],
    ] as const) {
      const lines = await plan(text, ['"x"', '[1,2,3]']);
      // M: the full-text query; no '=': the ids are not probed one full-text query at a time.
      expect(
        lines.some((l) => new RegExp(`SCAN ${table} VIRTUAL TABLE INDEX \\d+:M`).test(l)),
        lines.join('\n'),
      ).toBe(true);
      expect(
        lines.some((l) => /INDEX \d+:=/.test(l)),
        lines.join('\n'),
      ).toBe(false);
      expect(walks(lines), lines.join('\n')).toEqual([]);
    }
  });

  it('matches and a page’s details are read by primary key', async () => {
    for (const text of [s.matches, s.details]) {
      const lines = await plan(text, ['[1,2,3]']);
      expect(
        lines.some((l) => /SEARCH p USING INTEGER PRIMARY KEY/.test(l)),
        lines.join('\n'),
      ).toBe(true);
      expect(walks(lines), lines.join('\n')).toEqual([]);
    }
  });

  it('a history page is one walk of its index, each post by primary key', async () => {
    const lines = await plan(HISTORY_SQL.page, [1, 1, 1, 'x', 'x', 1]);
    expect(
      lines.some((l) => l.includes('reading_history_recent_idx')),
      lines.join('\n'),
    ).toBe(true);
    expect(
      lines.some((l) => /TEMP B-TREE/.test(l) && !/ORDER BY/.test(l)),
      lines.join('\n'),
    ).toBe(false);
    expect(walks(lines), lines.join('\n')).toEqual([]);
  });
});
