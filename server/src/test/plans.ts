import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../db/schema.ts';
import type { TestApp } from './app.ts';

/** What EXPLAIN (FORMAT JSON) says of one node of a PostgreSQL plan. */
export interface PgPlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PgPlanNode[];
}

/** A parameter as an SQL literal (a number, or quoted text). */
const literal = (p: unknown) => (typeof p === 'number' ? String(p) : `'${String(p).replace(/'/g, "''")}'`);

/**
 * EXPLAIN (with `options`) of a statement's generic plan, the one a prepared statement settles on:
 * its `?` placeholders numbered, prepared and executed with `params` in a transaction of its own.
 */
async function explainGeneric<R>(db: Kysely<DB>, text: string, params: readonly unknown[], options: string): Promise<R[]> {
  let n = 0;
  const numbered = text.replace(/\?/g, () => `$${++n}`);
  expect(n).toBe(params.length);
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL plan_cache_mode = force_generic_plan`.execute(trx);
    await sql`PREPARE generic_plan AS ${sql.raw(numbered)}`.execute(trx);
    const result = await sql<R>`EXPLAIN ${sql.raw(options)} EXECUTE generic_plan${sql.raw(params.length ? `(${params.map(literal).join(', ')})` : '')}`.execute(trx);
    await sql`DEALLOCATE generic_plan`.execute(trx);
    return result.rows;
  });
}

/** A statement's generic plan as EXPLAIN prints it (not run). */
export async function genericPlanText(db: Kysely<DB>, text: string, params: readonly unknown[]): Promise<string> {
  return (await explainGeneric<{ 'QUERY PLAN': string }>(db, text, params, '')).map((r) => r['QUERY PLAN']).join('\n');
}

/** A statement's generic plan, run: what it scanned and how many rows of each table. */
export async function genericPlan(app: TestApp, text: string, args: readonly number[]) {
  const rows = await explainGeneric<{ 'QUERY PLAN': Array<{ Plan: PgPlanNode }> }>(app.db, text, args, '(ANALYZE, FORMAT JSON)');
  const root = rows[0]!['QUERY PLAN'][0]!.Plan;
  const scans: string[] = [];
  const read = new Map<string, number>();
  const walk = (node: PgPlanNode) => {
    const relation = node['Relation Name'];
    if (relation && (node['Actual Loops'] ?? 0) > 0) {
      scans.push(`${node['Node Type']} on ${relation}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}`);
      const rows = (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1) + (node['Rows Removed by Filter'] ?? 0);
      read.set(relation, (read.get(relation) ?? 0) + rows);
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(root);
  return { scans, read, shown: `${scans.join('\n')}\n${JSON.stringify(Object.fromEntries(read))}` };
}
