import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database.ts';
import { preparedOnce } from './sqlite-dialect.ts';

/** Another app process on the same file (WORKERS > 1): a thread that keeps committing small writes. */
const otherWriter = `
const { workerData, parentPort } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 5000');
const insert = db.prepare("INSERT INTO notes (who) VALUES ('other')");
let stop = false;
parentPort.on('message', () => { stop = true; });
(function loop() {
  for (let i = 0; i < 5; i++) insert.run();
  if (stop) { db.close(); parentPort.postMessage('done'); } else setImmediate(loop);
})();
`;

let database: Database | undefined;
let dir: string | undefined;
afterEach(async () => {
  await database?.destroy();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

it('runs read-then-write transactions while another process writes the same SQLite file, none refused', async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-sqlite-'));
  const file = path.join(dir, 'app.db');
  database = openDatabase({ sqliteFile: file, pool: { waitMs: 5000 } });
  const { db } = database;
  await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, who TEXT NOT NULL)`.execute(db);

  const worker = new Worker(otherWriter, { eval: true, workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3') } });
  const finished = new Promise((resolve) => worker.once('message', resolve));
  const failures: string[] = [];
  try {
    for (let i = 0; i < 60; i++) {
      await db
        .transaction()
        .execute(async (trx) => {
          // Read, give the other process time to commit, then write: a plain BEGIN fails here (BUSY_SNAPSHOT).
          await sql`SELECT COUNT(*) AS n FROM notes`.execute(trx);
          await new Promise((resolve) => setTimeout(resolve, 2));
          await sql`INSERT INTO notes (who) VALUES ('app')`.execute(trx);
        })
        .catch((error: { code?: string }) => failures.push(String(error.code ?? error)));
    }
  } finally {
    worker.postMessage('stop');
    await finished;
    await worker.terminate();
  }
  expect(failures).toEqual([]);
  const rows = await sql<{ who: string; n: number }>`SELECT who, COUNT(*) AS n FROM notes GROUP BY who ORDER BY who`.execute(db);
  expect(rows.rows.find((r) => r.who === 'app')?.n).toBe(60);
  expect(rows.rows.find((r) => r.who === 'other')?.n).toBeGreaterThan(0);
}, 60_000);

describe('Kysely’s statements on SQLite (preparedOnce)', () => {
  /** A connection that counts what it was asked to prepare. */
  function counted() {
    const sqlite = new SQLite(':memory:');
    const prepared: string[] = [];
    const prepare = sqlite.prepare.bind(sqlite);
    sqlite.prepare = ((text: string) => {
      prepared.push(text);
      return prepare(text);
    }) as typeof sqlite.prepare;
    sqlite.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, who TEXT NOT NULL)');
    return { sqlite, prepared };
  }

  it('prepares each distinct statement once and gives the same rows as a fresh one', async () => {
    const { sqlite, prepared } = counted();
    const db = new Kysely<{ notes: { id: Generated<number>; who: string } }>({ dialect: new SqliteDialect({ database: preparedOnce(sqlite) }) });
    for (const who of ['a', 'b', 'c']) await db.insertInto('notes').values({ who }).execute();
    for (let i = 0; i < 3; i += 1) expect(await db.selectFrom('notes').select('who').where('who', '<>', 'b').orderBy('id').execute()).toEqual([{ who: 'a' }, { who: 'c' }]);
    expect(prepared).toHaveLength(2);
    await db.destroy();
  });

  it('gives a query whose statement is still being iterated one of its own, and lets the least recently used go past its bound', async () => {
    const { sqlite, prepared } = counted();
    const connection = preparedOnce(sqlite, 2);
    sqlite.exec("INSERT INTO notes (who) VALUES ('a'), ('b')");
    const text = 'SELECT who FROM notes ORDER BY id';
    const streaming = connection.prepare(text).iterate([]);
    expect(streaming.next().value).toEqual({ who: 'a' });
    // The kept statement is busy: another query gets a fresh one, and its own rows.
    expect(connection.prepare(text).all([])).toEqual([{ who: 'a' }, { who: 'b' }]);
    expect(streaming.next().value).toEqual({ who: 'b' });
    streaming.return?.();
    expect(prepared).toEqual([text, text]);
    connection.prepare(text);
    expect(prepared).toHaveLength(2);
    // Two more texts: the first one, least recently used, goes.
    connection.prepare('SELECT 1');
    connection.prepare('SELECT 2');
    connection.prepare(text);
    expect(prepared).toEqual([text, text, 'SELECT 1', 'SELECT 2', text]);
    connection.close();
  });
});
