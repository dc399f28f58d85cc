import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_PAGE_SIZE } from '@inkwell/contract';
import { migrationProvider } from '../db/migrate.ts';
import { seedCategories } from '../db/seed-categories.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { createTestDatabase } from '../test/database.ts';
import { aPost, aUser, anAccountElsewhere, signIn } from '../test/factories.ts';
import { createResultsRepository } from './results.repository.ts';
import { aStory, marks, page, plain } from './results.testkit.ts';

/** POST /search/results: people, topics, who is left out; the migration's back-fill. SQLite and PostgreSQL alike. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const person = async (name: string, more: { username?: string; bio?: string; followers?: number } = {}) => {
  const user = await aUser(t.db, { name });
  await t.db
    .updateTable('users')
    .set({ username: more.username ?? null, bio: more.bio ?? null, followers_count: more.followers ?? 0 })
    .where('id', '=', user.id)
    .execute();
  return user;
};

describe('POST /api/user/search/results: people and topics', () => {
  it('finds people by name, user name or bio, those named first, then the most followed', async () => {
    const named = await person('Quillon Smith');
    const handle = await person('Jo Bloggs', { username: 'quillonfan', followers: 5 });
    const bio = await person('Pat Doe', { bio: 'I write about the quillon, the cross-guard of a sword.', followers: 50 });
    await person('Nobody Here', { bio: 'Nothing to see.' });
    const found = (await page(t, 'quillon', 'people')).people;
    expect(found.map((p) => p.id)).toEqual([handle.id, named.id, bio.id]);
    expect(marks(found[1]!.name)).toEqual(['Quillon']);
    expect(marks(found[0]!.username)).toEqual(['quillon']);
    expect(plain(found[2]!.bio)).toBe('I write about the quillon, the cross-guard of a sword.');
    expect(marks(found[2]!.bio)).toEqual(['quillon']);
    expect(found[2]).toMatchObject({ followers_count: 50, profile_picture: null });
    // Every word must be somewhere; a word of the bio with one of the name.
    expect((await page(t, 'pat sword', 'people')).people.map((p) => p.id)).toEqual([bio.id]);
    expect((await page(t, 'quillon sword', 'people')).people.map((p) => p.id)).toEqual([bio.id]);
  });

  it('finds people past the most followed through the trigram indexes, bios included, and pages them', async () => {
    const now = new Date().toISOString();
    await sql`INSERT INTO users (email, email_normalized, name, created_at, updated_at, followers_count)
      SELECT 'crowd' || n || '@example.com', 'crowd' || n || '@example.com', 'Crowd ' || n, ${now}, ${now}, 100
      FROM (${t.database.dialect === 'postgres' ? sql`SELECT generate_series(1, 510) AS n` : sql`WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 510) SELECT n FROM s`}) s`.execute(
      t.db,
    );
    const quiet = await person('Quiet One', { bio: 'Keeper of the marmoset archive.' });
    // Accounts of other servers are no members: neither in the most followed window nor past it.
    await anAccountElsewhere(t.db, 'Marmoset Fan', { followers: 100_000, bio: 'marmosets' });
    await anAccountElsewhere(t.db, 'Quiet Elsewhere', { bio: 'Also keeps a marmoset archive.' });
    expect((await page(t, 'marmoset', 'people')).people.map((p) => p.id)).toEqual([quiet.id]);
    const first = await page(t, 'crowd', 'people');
    expect(first.people).toHaveLength(SEARCH_PAGE_SIZE);
    const second = await page(t, 'crowd', 'people', first.next_cursor!);
    expect(second.people).toHaveLength(SEARCH_PAGE_SIZE);
    expect(new Set([...first.people, ...second.people].map((p) => p.id)).size).toBe(2 * SEARCH_PAGE_SIZE);
  });

  it('finds topics whose name holds a word, the words marked', async () => {
    const categories = await t.db.selectFrom('categories').select(['id', 'name']).execute();
    const topic = categories[0]!;
    const word = topic.name.split(/\s+/)[0]!;
    const found = (await page(t, word.slice(0, 4).toUpperCase(), 'topics')).topics;
    expect(found.map((c) => c.id)).toContain(topic.id);
    const mine = found.find((c) => c.id === topic.id)!;
    expect(plain(mine.name)).toBe(topic.name);
    expect(marks(mine.name)[0]!.toLowerCase()).toBe(word.toLowerCase());
    expect((await page(t, 'zzqxv', 'topics')).topics).toEqual([]);
  });

  it('leaves out the posts and people a reader blocked, and deactivated members for everyone', async () => {
    const reader = await aUser(t.db, { name: 'Reader Person' });
    const blocked = await person('Ocelot Blocked');
    const gone = await person('Ocelot Gone');
    const kept = await person('Ocelot Kept');
    const posts = [
      await aStory(t, { userId: blocked.id, title: 'Ocelot one' }),
      await aStory(t, { userId: gone.id, title: 'Ocelot two' }),
      await aStory(t, { userId: kept.id, title: 'Ocelot three' }),
    ];
    await t.db.insertInto('blocks').values({ blocker_id: reader.id, blocked_id: blocked.id, created_at: new Date().toISOString() }).execute();
    await t.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
    const session = await signIn(t.app, reader);
    const asReader = async (type: 'posts' | 'people') => page(t, 'ocelot', type, undefined, session.headers);
    expect((await asReader('posts')).posts.map((p) => p.id)).toEqual([posts[2]]);
    expect((await asReader('people')).people.map((p) => p.id)).toEqual([kept.id]);
    expect((await page(t, 'ocelot')).posts.map((p) => p.id)).toEqual([posts[2], posts[0]]);
    expect((await page(t, 'ocelot', 'people')).people.map((p) => p.id).sort()).toEqual([blocked.id, kept.id].sort());
  });
});

describe('migration 0019', () => {
  it('fills body_text for the posts before it, and indexes them', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-0019-'));
    const { database, drop } = await createTestDatabase(dir, { migrate: false });
    try {
      const migrator = new Migrator({ db: database.db, provider: migrationProvider });
      expect((await migrator.migrateTo('0018_follows_by_time')).error).toBeUndefined();
      await seedCategories(database.db);
      const user = await aUser(database.db);
      const ids: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const post = await aPost(database.db, {
          userId: user.id,
          title: `Old ${i}`,
          description: `<h2>Heading</h2><p>An <a href="https://x.test/hiddenpath">axolotl</a> &amp; friend ${i}</p>`,
        });
        ids.push(post.id);
      }
      expect((await migrator.migrateTo('0019_search_bodies')).error).toBeUndefined();
      const rows = await sql<{ id: number; body_text: string }>`SELECT id, body_text FROM posts ORDER BY id`.execute(database.db);
      expect(rows.rows.map((r) => r.body_text)).toEqual([0, 1, 2].map((i) => `Heading An axolotl & friend ${i}`));
      const repo = createResultsRepository(database);
      expect((await repo.hits(['axolotl'], 'body', 1e9))[0]).toEqual([...ids].reverse());
      expect((await repo.hits(['hiddenpath'], 'body', 1e9))[0]).toEqual([]);
      expect((await repo.hits(['old'], 'heading', 1e9))[0]).toEqual([...ids].reverse());
      expect((await migrator.migrateDown()).error).toBeUndefined();
      expect((await migrator.migrateTo('0019_search_bodies')).error).toBeUndefined();
    } finally {
      await database.destroy();
      await drop();
    }
  });
});
