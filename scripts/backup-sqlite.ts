import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export interface BackupResult {
  file: string;
  bytes: number;
  posts: number;
}

/** `inkwell-2026-11-24T21-10-05Z.sqlite`: sortable, and no colon (some file systems refuse it). */
export function backupName(now = new Date()): string {
  return `inkwell-${now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-')}.sqlite`;
}

/**
 * Copies a live SQLite database with SQLite's online backup API (better-sqlite3's `backup`): the server
 * keeps reading and writing meanwhile, and the copy is one consistent moment of it. All pages go in one
 * step (one read transaction, which in WAL mode does not hold writers back): copied a hundred pages a
 * step, as by default, any write between two steps made it start over, and a server that writes all
 * the time (every rate-limited call counts in the database) kept it from ever ending. The copy is then opened and checked
 * (`PRAGMA integrity_check`) before it is reported; a copy that fails the check is removed.
 */
export async function backupSqlite(sourceFile: string, targetFile: string): Promise<BackupResult> {
  if (!fs.existsSync(sourceFile)) throw new Error(`no database at ${sourceFile}`);
  if (fs.existsSync(targetFile)) throw new Error(`${targetFile} exists already: a backup never overwrites one`);
  fs.mkdirSync(path.dirname(targetFile), { recursive: true });
  const source = new SQLite(sourceFile, { readonly: true, fileMustExist: true });
  try {
    await source.backup(targetFile, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  try {
    return inspect(targetFile);
  } catch (err) {
    fs.rmSync(targetFile, { force: true });
    throw err;
  }
}

/** As many pages as one backup step may copy (sqlite3_backup_step's int). */
const ALL_PAGES = 0x7fffffff;

/** The copy checked and counted (closed again before it is reported or removed). */
function inspect(file: string): BackupResult {
  const copy = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy failed SQLite's integrity check: ${String(check)}`);
    const { n } = copy.prepare('SELECT count(*) AS n FROM posts').get() as { n: number };
    return { file, bytes: fs.statSync(file).size, posts: n };
  } finally {
    copy.close();
  }
}
