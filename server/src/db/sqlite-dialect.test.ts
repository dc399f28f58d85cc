import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { type Database, openDatabase } from './database.ts';

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
