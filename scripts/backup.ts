/**
 * `npm run backup [-- --out FILE]`: a consistent copy of the SQLite database in DATA_DIR while the
 * server runs (SQLite's online backup API), by default into DATA_DIR/backups/inkwell-<time>.sqlite.
 * With DATABASE_URL (PostgreSQL) it refuses: use pg_dump or the provider's backups there.
 */
import path from 'node:path';
import { loadConfig } from '../server/src/config.ts';
import { backupName, backupSqlite } from './backup-sqlite.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  if (config.databaseUrl) {
    process.stderr.write('DATABASE_URL is set: this backs up SQLite only; back PostgreSQL up with pg_dump (or your provider).\n');
    return 2;
  }
  const i = process.argv.indexOf('--out');
  const target = i >= 0 && process.argv[i + 1] ? path.resolve(process.argv[i + 1]!) : path.join(config.dataDir, 'backups', backupName());
  const result = await backupSqlite(path.join(config.dataDir, 'inkwell.sqlite'), target);
  process.stdout.write(`Backed up ${result.posts} posts (${(result.bytes / 1024 / 1024).toFixed(1)} MB, integrity ok) to ${result.file}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`backup failed: ${(err as Error).message}\n`);
    process.exit(1);
  },
);
