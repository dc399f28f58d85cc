import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { aPost, aUser } from '../server/src/test/factories.ts';
import { backupName, backupSqlite } from './backup-sqlite.ts';

const root = path.resolve(import.meta.dirname, '..');
let dir: string;
let database: Database;
let authorId: number;
const file = () => path.join(dir, 'inkwell.sqlite');

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-backup-'));
  database = openDatabase({ sqliteFile: file() });
  await migrateToLatest(database.db);
  authorId = (await aUser(database.db)).id;
  for (let i = 0; i < 200; i += 1) await aPost(database.db, { userId: authorId });
});
afterAll(async () => {
  await database.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run backup (SQLite)', () => {
  it('copies the live database while it is written to, and the copy passes the integrity check', async () => {
    let writes = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await aPost(database.db, { userId: authorId });
        writes += 1;
        await new Promise((r) => setImmediate(r));
      }
    })();
    const target = path.join(dir, 'backups', 'during-writes.sqlite');
    const result = await backupSqlite(file(), target);
    writing = false;
    await writer;

    const copy = new SQLite(target, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    const posts = (copy.prepare('SELECT count(*) AS n FROM posts').get() as { n: number }).n;
    copy.close();
    expect(result).toEqual({ file: target, bytes: fs.statSync(target).size, posts });
    expect(posts).toBeGreaterThanOrEqual(200);
    expect(posts).toBeLessThanOrEqual(200 + writes);
    expect(writes).toBeGreaterThan(0); // the server side kept writing while the copy was made
  });

  it('never overwrites a backup, and says so when there is no database', async () => {
    const target = path.join(dir, 'backups', 'once.sqlite');
    await backupSqlite(file(), target);
    await expect(backupSqlite(file(), target)).rejects.toThrow(/exists already/);
    await expect(backupSqlite(path.join(dir, 'missing.sqlite'), path.join(dir, 'x.sqlite'))).rejects.toThrow(/no database/);
  });

  it('names backups by time, sortable and without colons', () => {
    expect(backupName(new Date('2026-11-24T21:10:05.123Z'))).toBe('inkwell-2026-11-24T21-10-05Z.sqlite');
  });

  it('runs as an operator runs it, into DATA_DIR/backups, and refuses PostgreSQL', () => {
    const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
    const run = spawnSync('npm', ['run', '--silent', 'backup'], { cwd: root, env, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Backed up \d+ posts \([\d.]+ MB, integrity ok\) to .*backups\/inkwell-[\dT-]+Z\.sqlite\n$/);
    const pg = spawnSync('npm', ['run', '--silent', 'backup'], { cwd: root, env: { ...env, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' }, encoding: 'utf8' });
    expect(pg.status).toBe(2);
    expect(pg.stderr).toMatch(/pg_dump/);
  });
});
