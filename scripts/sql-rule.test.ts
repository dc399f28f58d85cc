import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Issue 46: only repositories (and db/) write SQL. The project's own eslint.config.js lints small
 * sources as if they were files of the server: SQL in a service or a route is an error, the same
 * source in a repository or in db/ is not, and what only looks like SQL (Promise.all, a transaction
 * run by a service, a RegExp's exec) is not flagged anywhere.
 */
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
const REFUSED = 'SQL belongs in a repository (*.repository.ts): call one from here.';

/** How many times `source`, as the file `file` of the repository, is told that its SQL belongs in a repository. */
async function refusals(source: string, file: string): Promise<number> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.message.includes(REFUSED)).length;
}

const SERVICE = 'server/src/feed/picks.service.ts';

const BAD: Record<string, string> = {
  'a query builder': `export const f = (db: any) => db.selectFrom('posts').selectAll().execute();`,
  'an insert in a transaction': `export const f = (trx: any) => trx.insertInto('likes').values({ a: 1 }).execute();`,
  'an update': `export const f = (db: any) => db.updateTable('users').set({ a: 1 }).execute();`,
  'a delete': `export const f = (db: any) => db.deleteFrom('blocks').execute();`,
  'a select without a table': `export const f = (db: any) => db.selectNoFrom((eb: any) => eb.val(1)).execute();`,
  'a table made by hand': `export const f = (db: any) => db.schema.createTable('t').execute();`,
  "kysely's sql tag": `import { sql } from 'kysely';\nexport const f = (db: any) => sql\`select 1\`.execute(db);`,
  'a compiled query made by hand': `import { CompiledQuery } from 'kysely';\nexport const f = (db: any) => db.executeQuery(CompiledQuery.raw('select 1'));`,
  "the wrapper's prepared read": `export const f = (database: any, id: number) => database.all('SELECT id FROM posts WHERE id = ?', [id]);`,
  "the wrapper's prepared read of a named text": `const SQL = { picks: 'SELECT 1' };\nexport const f = (database: any) => database.all(SQL.picks, []);`,
  "the wrapper's read at once": `export const f = (database: any) => database.readNow?.('SELECT 1', []);`,
  "a driver's query": `export const f = (client: any) => client.query('SELECT 1');`,
  "a driver's statement": `export const f = (sqlite: any) => sqlite.exec(\`DELETE FROM sessions\`);`,
  'a statement prepared by hand': `export const f = (sqlite: any) => sqlite.prepare('SELECT 1');`,
  'a string executed': `export const f = (conn: any) => conn.execute('SELECT 1');`,
};

const GOOD: Record<string, string> = {
  'Promise.all': `export const f = (a: Promise<number>, b: Promise<number>) => Promise.all([a, b]);`,
  "a service's transaction": `export const f = (db: any, repo: any) => db.transaction().execute(async (trx: any) => repo.like(trx, 1));`,
  "a transaction's round, given a function": `export const f = (db: any, run: (trx: unknown) => Promise<void>) => db.transaction().execute(run);`,
  "a RegExp's exec": `export const f = (text: string) => /^(\\d+)$/.exec(text);`,
  "kysely's types": `import type { Kysely } from 'kysely';\nexport type Db = Kysely<object>;`,
  'a repository called': `export const f = (database: any, repo: any) => repo.picks(database, 0);`,
};

describe('the SQL rule (eslint.config.js)', () => {
  for (const [name, source] of Object.entries(BAD)) {
    it(`refuses ${name} outside a repository, and allows it in one and in db/`, async () => {
      expect(await refusals(source, SERVICE)).toBeGreaterThan(0);
      expect(await refusals(source, 'server/src/notifications/live.ts')).toBeGreaterThan(0);
      expect(await refusals(source, 'server/src/feed/picks.repository.ts')).toBe(0);
      expect(await refusals(source, 'server/src/db/database.ts')).toBe(0);
    });
  }

  for (const [name, source] of Object.entries(GOOD)) {
    it(`allows ${name} in a service`, async () => {
      expect(await refusals(source, SERVICE)).toBe(0);
    });
  }

  it('is the one setting of no-restricted-syntax in a route file too (the endpoint rule beside it)', async () => {
    const source = `export const f = (app: any, database: any) => { app.get('/x', () => 1); return database.all('SELECT 1', []); };`;
    const [result] = await eslint.lintText(source, { filePath: path.join(root, 'server/src/feed/picks.routes.ts') });
    const said = result!.messages.map((m) => m.message);
    expect(said).toContain(REFUSED);
    expect(said).toContain('Serve a call through route(app, name, handler) from its entry in contract/src/calls.ts.');
  });
});
