import fs from 'node:fs';
import { imageVariantPath, imageVariantWidths } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../server/src/test/app.ts';
import { createDiskStorage } from '../../server/src/storage/disk-storage.ts';
import { seedDemo } from './seed.ts';
import path from 'node:path';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const count = async (sqlText: string) => Number((await t.database.all<{ n: number }>(sqlText, []))[0]!.n);

describe('demo data', () => {
  it('builds a community whose counters equal its rows, and whose demo users can log in', async () => {
    const storage = createDiskStorage(path.join(t.config.dataDir, 'storage'));
    const { email, password } = await seedDemo({ database: t.database, storage, posts: 120, likes: 900, seed: 7 });
    expect(await count('SELECT count(*) AS n FROM posts')).toBe(120);
    expect(await count('SELECT count(*) AS n FROM likes')).toBe(900);
    expect(await count('SELECT count(*) AS n FROM posts p WHERE likes_count <> (SELECT count(*) FROM likes l WHERE l.post_id = p.id)')).toBe(0);
    expect(
      await count(
        'SELECT count(*) AS n FROM posts p WHERE comments_count <> (SELECT count(*) FROM comments c WHERE c.post_id = p.id) + (SELECT count(*) FROM replies r WHERE r.post_id = p.id)',
      ),
    ).toBe(0);
    expect(await count('SELECT count(*) AS n FROM users u WHERE post_count <> (SELECT count(*) FROM posts p WHERE p.user_id = u.id)')).toBe(0);
    expect(
      await count(
        'SELECT count(*) AS n FROM users u WHERE followers_count <> (SELECT count(*) FROM follows f WHERE f.following_id = u.id) OR following_count <> (SELECT count(*) FROM follows f WHERE f.follower_id = u.id)',
      ),
    ).toBe(0);
    expect(await count('SELECT count(*) AS n FROM categories c WHERE followers_count <> (SELECT count(*) FROM user_categories x WHERE x.category_id = c.id)')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM categories WHERE followers_count > 0')).toBeGreaterThan(3);
    expect(await count("SELECT count(*) AS n FROM posts WHERE description LIKE '%<h1>%' OR description LIKE '%<h2>%'")).toBeGreaterThan(0);
    expect(await count("SELECT count(*) AS n FROM posts WHERE description LIKE '%<pre%'")).toBeGreaterThan(0);
    // Code highlighted as a save highlights it: every block in a language, coloured.
    expect(await count("SELECT count(*) AS n FROM posts WHERE description LIKE '%<pre%' AND description NOT LIKE '%class=\"hljs-%'")).toBe(0);
    expect(await count('SELECT count(*) AS n FROM users WHERE bio IS NULL OR profile_picture IS NULL OR name IS NULL')).toBe(0);
    // Every cover is known to post_images, so deleting one post keeps the covers others share.
    expect(
      await count('SELECT count(*) AS n FROM posts p WHERE p.image IS NOT NULL AND NOT EXISTS (SELECT 1 FROM post_images i WHERE i.post_id = p.id AND i.path = p.image)'),
    ).toBe(0);
    // Covers stored as uploads are: their size recorded and their narrower copies beside them.
    const covers = await t.database.all<{ path: string; width: number | null }>('SELECT DISTINCT s.path, s.width FROM posts p JOIN stored_images s ON s.path = p.image', []);
    expect(covers.length).toBeGreaterThan(0);
    for (const cover of covers) {
      expect(imageVariantWidths(cover.width), cover.path).toEqual([400, 800]);
      for (const width of imageVariantWidths(cover.width)) expect(fs.existsSync(storage.resolve(imageVariantPath(cover.path, width)!)!)).toBe(true);
    }

    // Notifications as the app writes them: nobody is told of their own act, at most 12 of each kind each.
    expect(await count('SELECT count(*) AS n FROM notifications')).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM notifications WHERE actor_id = user_id')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM (SELECT user_id, type FROM notifications GROUP BY user_id, type HAVING count(*) > 12) x')).toBe(0);
    expect(await count("SELECT count(*) AS n FROM notifications n WHERE n.type = 'comment' AND NOT EXISTS (SELECT 1 FROM comments c WHERE c.id = n.comment_id)")).toBe(0);

    const login = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
    expect(login.statusCode).toBe(200);
    // Seeding again adds a second community next to the first without colliding.
    await seedDemo({ database: t.database, storage, posts: 30, likes: 100, seed: 8 });
    expect(await count('SELECT count(*) AS n FROM posts')).toBe(150);
    const page = await t.app.inject({ method: 'POST', url: '/api/user/view-posts', payload: {} });
    expect(page.json().data).toHaveLength(10);
  });
});
