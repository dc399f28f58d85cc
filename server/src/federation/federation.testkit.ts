import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Follow } from '@fedify/vocab';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { nowIso } from '../db/database.ts';
import { migrateToLatest, migrationProvider } from '../db/migrate.ts';
import type { DB } from '../db/schema.ts';
import { DomainEventBus } from '../events/domain-events.ts';
import { type ConfigOverrides, type TestApp, buildRenderingTestApp, buildTestApp } from '../test/app.ts';
import { createTestDatabase } from '../test/database.ts';
import { aUser } from '../test/factories.ts';
import type { FediversePeer } from '../test/fediverse-peer.ts';
import { freePort } from '../test/ports.ts';
import { until } from '../test/until.ts';

/** Federation tests' common parts: the app listening with federation on and its jobs (the queue) running, members as actors, follows from a peer. */

/**
 * The app on a free port of 127.0.0.1 (PUBLIC_URL that address), federation on, its jobs and queue
 * running; with `rendering`, serving the web app's server-rendered pages too.
 */
export async function federatedApp(config: ConfigOverrides = {}, options: { rendering?: boolean } = {}): Promise<{ t: TestApp; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const settings: ConfigOverrides = { publicUrl: base, federation: { enabled: true, allowPrivateAddress: true, lookupTimeoutMs: 10_000 }, ...config };
  const t = options.rendering ? await buildRenderingTestApp(settings) : await buildTestApp({ config: settings });
  await t.app.listen({ port, host: '127.0.0.1' });
  t.app.jobs.start();
  return { t, base };
}

/**
 * Two instances for a suite where one talks to the other, each its own app, port and database, made
 * before the suite's tests and closed after them: read `.one` and `.two` inside the tests.
 */
export function twoInstances(): { readonly one: { t: TestApp; base: string }; readonly two: { t: TestApp; base: string } } {
  const held = {} as { one: { t: TestApp; base: string }; two: { t: TestApp; base: string } };
  beforeAll(async () => {
    held.one = await federatedApp();
    held.two = await federatedApp();
  }, 240_000);
  afterAll(async () => {
    await held.one?.t.close();
    await held.two?.t.close();
  });
  return held;
}

const subjects = async (db: Kysely<DB>) =>
  (await db.selectFrom('federation_deliveries').select('subject').where('subject', 'is not', null).execute()).map((row) => `${row.subject}`);

/**
 * What the events of `run` whose names start with `prefix` ('comment.', 'like.') owed the fediverse:
 * the federation_deliveries subjects new in each one's transaction, read there before it commits (the
 * hand-over after it may take them at once).
 */
export async function owedIn(prefix: string, run: () => Promise<void>): Promise<string[]> {
  const owed: string[] = [];
  const emit = DomainEventBus.prototype.emit;
  const spy = vi.spyOn(DomainEventBus.prototype, 'emit').mockImplementation(async function (this: DomainEventBus, trx, name, event) {
    const before = await subjects(trx);
    await emit.call(this, trx, name, event as never);
    if (name.startsWith(prefix)) owed.push(...(await subjects(trx)).filter((subject) => !before.includes(subject)));
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return owed;
}

/** A member (with a username unless told otherwise) and their actor as a recipient. */
export async function anActor(t: TestApp, base: string, fields: { username?: string | null; deactivated?: boolean } = {}) {
  const user = await aUser(t.db);
  const username = fields.username === undefined ? `m${user.id}` : fields.username;
  await t.db
    .updateTable('users')
    .set({ username, deactivated_at: fields.deactivated ? nowIso() : null })
    .where('id', '=', user.id)
    .execute();
  const id = new URL(`${base}/ap/users/${user.id}`);
  return { ...user, actor: { id, inboxId: new URL(`${id.href}/inbox`) } };
}

let serial = 0;
/** A fresh address on the peer: `<origin>/<kind>/<n>`, n counting for the whole test file. */
export const peerId = (peer: FediversePeer, kind: string) => new URL(`${peer.origin}/${kind}/${++serial}`);

/** The app's shared inbox as a recipient (its instance actor's id with the shared inbox). */
export const sharedInbox = (base: string) => ({ id: new URL(`${base}/ap/users/instance`), inboxId: new URL(`${base}/ap/inbox`) });

/** A Follow by the peer's `from` of `object` (its actor may be set to another, to forge one). */
export const aFollow = (peer: FediversePeer, from: string, object: URL, actor = peer.actorUri(from)) =>
  new Follow({ id: new URL(`${peer.origin}/follows/${++serial}`), actor, object });

/** The first activity the peer received that matches, within 15 s. */
export const received = (peer: FediversePeer, match: (activity: FediversePeer['received'][number]['activity']) => boolean) =>
  until(() => peer.received.find(({ activity }) => match(activity)), 15_000);

/** The peer's Accept of the Follow `followId`. */
export const accepted = (peer: FediversePeer, followId: URL) =>
  received(peer, (activity) => activity.constructor.name === 'Accept' && (activity as { objectId: URL | null }).objectId?.href === followId.href);

/** The peer's `from` follows the member, and is accepted. */
export async function followedBy(peer: FediversePeer, from: string, member: { actor: { id: URL; inboxId: URL } }): Promise<void> {
  const follow = aFollow(peer, from, member.actor.id);
  await peer.send(from, member.actor, follow);
  await accepted(peer, follow.id!);
}

/**
 * Migrates a fresh database to `previous`, to `upTo` (the latest when not given: a table folded away
 * since, ADR 0083, is looked for before its fold), and back to `previous`, and answers what `read`
 * saw at each of the three.
 */
async function roundTrip<T>(previous: string, read: (db: Kysely<DB>) => Promise<T>, upTo?: string): Promise<[T, T, T]> {
  const created = await createTestDatabase(await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-migrate-')), { migrate: false });
  const { db } = created.database;
  try {
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo(previous)).error).toBeUndefined();
    const before = await read(db);
    if (upTo === undefined) await migrateToLatest(db);
    else expect((await migrator.migrateTo(upTo)).error).toBeUndefined();
    const latest = await read(db);
    expect((await migrator.migrateTo(previous)).error).toBeUndefined();
    return [before, latest, await read(db)];
  } finally {
    await created.database.destroy();
    await created.drop();
  }
}

/**
 * Migrating from `previous` to the latest (or to `upTo`, before they were folded away) makes exactly
 * `tables` (of those whose names start with `prefix`), and migrating back to `previous` takes them
 * away again, on a fresh database.
 */
export async function expectMigrationRoundTrip(previous: string, prefix: string, tables: string[], upTo?: string): Promise<void> {
  const present = async (db: Kysely<DB>) =>
    (await db.introspection.getTables())
      .map((table) => table.name)
      .filter((name) => name.startsWith(prefix) && tables.includes(name))
      .sort();
  expect(await roundTrip(previous, present, upTo)).toEqual([[], [...tables].sort(), []]);
}

/**
 * Migrating from `previous` to the latest (or to `upTo`, before the column was dropped) adds `column`
 * to `table`, and migrating back takes it away, on a fresh database.
 */
export async function expectColumnRoundTrip(previous: string, table: string, column: string, upTo?: string): Promise<void> {
  const has = async (db: Kysely<DB>) => (await db.introspection.getTables()).find((t) => t.name === table)?.columns.some((c) => c.name === column) ?? false;
  expect(await roundTrip(previous, has, upTo)).toEqual([false, true, false]);
}
