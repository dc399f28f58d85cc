import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/database.ts';
import { createTestDatabase } from './database.ts';

export interface TwoProcesses {
  /** The first handle (it migrated the database). */
  one: Database;
  /** A second handle with connections of its own, as another app process has. */
  two: Database;
  /** How a worker thread or a child process opens the same database. */
  again: { databaseUrl: string } | { sqliteFile: string };
}

/**
 * Two handles on one fresh database, as two app processes have, for the test file that calls it at
 * its top: opened before its tests, closed and dropped after them. Read its fields inside the tests.
 */
export function twoProcesses(prefix: string): TwoProcesses {
  const held = {} as TwoProcesses;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), `inkwell-${prefix}-`));
    const created = await createTestDatabase(dir);
    held.one = created.database;
    held.two = created.reopen();
    held.again = created.url ? { databaseUrl: created.url } : { sqliteFile: path.join(dir, 'test.sqlite') };
    drop = created.drop;
  });
  afterAll(async () => {
    await held.two?.destroy();
    await held.one?.destroy();
    await drop?.();
  });
  return held;
}
