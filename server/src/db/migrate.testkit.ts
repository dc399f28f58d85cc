import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { createTestDatabase } from '../test/database.ts';
import { migrationProvider } from './migrate.ts';
import type { DB } from './schema.ts';
import { earlier } from './schema/dropped.ts';

/** What the migration tests share (migrate.test.ts, migrate-comments-folded.test.ts). */

/** A database of its own, migrated only as far as the test takes it, dropped afterwards. */
export async function onOwnDatabase(test: (db: Kysely<DB>, migrator: Migrator) => Promise<void>): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-migrate-'));
  const { database, drop } = await createTestDatabase(dir, { migrate: false });
  try {
    await test(database.db, new Migrator({ db: database.db, provider: migrationProvider }));
  } finally {
    await database.destroy();
    await drop();
  }
}

/** An account elsewhere as the fold's migrations (0046 on) see it: a row of users, and its remote_actors row pointing at it. */
export async function accountElsewhere(db: Kysely<DB>, name: string, now: string): Promise<{ user: number; actor: number }> {
  const uri = `https://${name}.example/users/${name}`;
  const user = await db
    .insertInto('users')
    .values({ email: null, email_normalized: null, name, domain: `${name}.example`, ap_id: uri, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const actor = await earlier(db)
    .insertInto('remote_actors')
    .values({ uri, inbox: `${uri}/inbox`, handle: `@${name}@${name}.example`, updated_at: now, user_id: user.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { user: user.id, actor: actor.id };
}
