import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../db/database.ts';
import { createPost } from '../posts/testing.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aPost, aUser, signIn } from '../test/factories.ts';
import { createExportService } from './export.service.ts';
import { Archive, readPost, storageOf } from './export.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const service = (pageSize?: number) => createExportService({ db: t.db, storage: storageOf(t), publicUrl: t.config.publicUrl, pageSize });
const auth = (userId: number) => ({ userId, sessionId: 0 });

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function exportOf(userId: number, pageSize?: number): Promise<Archive> {
  const { stream } = await service(pageSize).open(auth(userId), userId);
  return new Archive(await collect(stream));
}

/** A stored file of arbitrary bytes (the archive copies bytes, it does not decode them), used by a post of the member. */
async function aLargeImage(postId: number, bytes: number): Promise<string> {
  const data = randomBytes(bytes);
  const hash = createHash('sha256').update(data).digest('hex');
  const stored = `${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}.webp`;
  await storageOf(t).writeImage({ path: stored, bytes: data, width: 1, height: 1, variants: [] });
  await t.db.insertInto('stored_images').values({ path: stored, uploaded_at: nowIso() }).execute();
  await t.db.insertInto('post_images').values({ post_id: postId, path: stored }).execute();
  return stored;
}

describe('the export service', () => {
  it('gives a member with nothing yet a README, the profile and empty lists', async () => {
    const { id } = await aUser(t.db, { name: null });
    const archive = await exportOf(id);
    expect(archive.names).toEqual(
      [
        'README.txt',
        'banned_from_comments.json',
        'blocked.json',
        'comments.json',
        'feed_tuning.json',
        'follows.json',
        'help_requests.json',
        'reports.json',
        'likes.json',
        'notifications.json',
        'newsletter_subscribers.json',
        'profile.json',
        'reading_history.json',
        'replies.json',
        'saves.json',
        'topics.json',
      ].sort(),
    );
    for (const name of archive.names.filter((n) => n.endsWith('.json') && !['profile.json', 'follows.json', 'feed_tuning.json'].includes(n))) {
      expect(archive.text(name), name).toBe('[]\n');
    }
    expect(archive.json('follows.json')).toEqual({ following: [], followers: [] });
    expect(archive.json('feed_tuning.json')).toEqual({ topics: [], muted_authors: [] });
    expect(archive.json('profile.json')).toMatchObject({ id, name: null, username: null, profile_picture: null });
    expect(archive.text('README.txt')).toContain('0 posts');
  });

  it('reads long lists a page at a time, in order, missing nothing', async () => {
    const me = await signIn(t.app, await aUser(t.db));
    const posts = [];
    for (let i = 0; i < 5; i++) posts.push(await aPost(t.db, { userId: me.id, title: `Post number ${i}` }));
    for (const post of posts) {
      await t.app.inject({ method: 'POST', url: '/api/user/comment', payload: { user_id: me.id, post_id: post.id, comments: `On ${post.id}` }, headers: me.headers });
      await t.app.inject({ method: 'POST', url: '/api/user/like', payload: { user_id: me.id, post_id: post.id, status: 1 }, headers: me.headers });
    }
    const archive = await exportOf(me.id, 2);
    expect(archive.names.filter((n) => n.startsWith('posts/'))).toEqual(posts.map((p, i) => `posts/${p.id}-post-number-${i}.md`).sort());
    expect(archive.json<Array<{ body: string }>>('comments.json').map((c) => c.body)).toEqual(posts.map((p) => `On ${p.id}`));
    expect(archive.json<Array<{ post_id: number }>>('likes.json').map((l) => l.post_id)).toEqual(posts.map((p) => p.id));
    expect(readPost(archive.text(`posts/${posts[4]!.id}-post-number-4.md`)).meta).toMatchObject({ id: posts[4]!.id, likes_count: 1, comments_count: 1 });
  });

  it('links an image whose file is gone to its address and says so in the README', async () => {
    const me = await signIn(t.app, await aUser(t.db));
    const post = await createPost(t, me, { title: 'Lost cover' });
    await fs.rm(storageOf(t).resolve(post.image)!);
    const archive = await exportOf(me.id);
    expect(archive.names.some((n) => n.startsWith('images/'))).toBe(false);
    const address = `${t.config.publicUrl}/storage/${post.image}`;
    expect(readPost(archive.text(`posts/${post.id}-lost-cover.md`)).meta.cover_image).toBe(address);
    expect(archive.text('README.txt')).toContain(`could not be found`);
    expect(archive.text('README.txt')).toContain(address);
  });

  it('writes a post deleted after the archive began as deleted', async () => {
    const me = await signIn(t.app, await aUser(t.db));
    // A first post too long to compress, so the archive waits for its reader there.
    await aPost(t.db, { userId: me.id, title: 'Long', description: `<p>${randomBytes(400_000).toString('base64')}</p>` });
    const post = await aPost(t.db, { userId: me.id, title: 'Soon gone' });
    const { stream } = await service(1).open(auth(me.id), me.id);
    await t.app.inject({ method: 'POST', url: '/api/user/delete-posts', payload: { id: post.id }, headers: me.headers });
    const archive = new Archive(await collect(stream));
    expect(readPost(archive.text(`posts/${post.id}-soon-gone.md`)).meta).toEqual({ id: post.id, title: 'Soon gone', deleted: true });
  });

  it('makes the archive only as fast as it is read: nothing piles up in memory ahead of the reader', async () => {
    const me = await aUser(t.db);
    const post = await aPost(t.db, { userId: me.id });
    const stored = [];
    for (let i = 0; i < 8; i++) stored.push(await aLargeImage(post.id, 1024 * 1024));
    const { stream } = await service().open(auth(me.id), me.id);
    await new Promise((r) => setTimeout(r, 300));
    // Unread, the answer holds at most a chunk or two, not the 8 MB of images.
    expect(stream.readableLength).toBeLessThan(256 * 1024);
    const zip = await collect(stream);
    expect(zip.length).toBeGreaterThan(8 * 1024 * 1024);
    const archive = new Archive(zip);
    for (const p of stored) expect(archive.bytes(`images/${p.slice(6)}`).equals(await fs.readFile(storageOf(t).resolve(p)!))).toBe(true);
  });

  it('stops cleanly when the download is abandoned halfway', async () => {
    const me = await aUser(t.db);
    const post = await aPost(t.db, { userId: me.id });
    for (let i = 0; i < 3; i++) await aLargeImage(post.id, 512 * 1024);
    const { stream } = await service().open(auth(me.id), me.id);
    for await (const _chunk of stream) break; // the for-await's break destroys the stream
    expect(stream.destroyed).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
  });

  it('fails the download, and only it, when a file vanishes while the archive is being made', async () => {
    const me = await aUser(t.db);
    // A post too long to compress first, so the archive waits for its reader before the images.
    const post = await aPost(t.db, { userId: me.id, description: `<p>${randomBytes(400_000).toString('base64')}</p>` });
    const stored = await aLargeImage(post.id, 1024);
    const { stream } = await service().open(auth(me.id), me.id);
    await fs.rm(storageOf(t).resolve(stored)!);
    await expect(collect(stream)).rejects.toMatchObject({ code: 'ENOENT' });
    // The next archive notices the file is gone.
    expect((await exportOf(me.id)).text('README.txt')).toContain(stored);
  });

  it('refuses to export anybody else', async () => {
    const me = await aUser(t.db);
    const them = await aUser(t.db);
    await expect(service().open(auth(me.id), them.id)).rejects.toMatchObject({ statusCode: 403 });
  });
});
