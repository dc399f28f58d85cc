/**
 * `npm run seed:demo -- [--posts N] [--likes N] [--seed S]`: fills the configured database
 * (DATABASE_URL, or SQLite in DATA_DIR, as `npm start` would use) with demo data (demo/seed.ts), its
 * images in the configured storage (STORAGE_URL, or DATA_DIR/storage).
 */
import path from 'node:path';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { createStorage } from '../server/src/storage/create-storage.ts';
import { seedDemo } from './demo/seed.ts';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
}

async function main() {
  const posts = arg('posts', 300);
  const config = loadConfig();
  const storage = createStorage(config);
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'inkwell.sqlite') });
  await migrateToLatest(database.db);
  const { email, password } = await seedDemo({
    database,
    storage,
    posts,
    likes: arg('likes', posts * 10),
    seed: arg('seed', 42),
    log: console.log,
  });
  await database.destroy();
  await storage.close();
  console.log(`Demo data ready. Sign in as ${email} with password ${password} (any demo address works).`);
}

main().catch((err: unknown) => {
  console.error(`seed:demo failed: ${(err as Error).message}`);
  process.exit(1);
});
