/**
 * `npm run admin -- <command>`: operator tasks on the configured database (DATABASE_URL, or SQLite in
 * DATA_DIR, as `npm start` uses it). The commands are in admin-commands.ts.
 */
import path from 'node:path';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { runAdmin } from './admin-commands.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'inkwell.sqlite') });
  try {
    await migrateToLatest(database.db);
    const { code, out } = await runAdmin(process.argv.slice(2), database, config.publicUrl, database.dialect === 'postgres' ? config.moderationWaveParallel : 1);
    (code === 0 ? process.stdout : process.stderr).write(`${out}\n`);
    return code;
  } finally {
    await database.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`admin failed: ${(err as Error).message}\n`);
    process.exit(1);
  },
);
