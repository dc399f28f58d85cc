import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isForeignKeyViolation } from '../db/database.ts';
import { createPost, postFields, send, stored } from '../posts/testing.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aUser, signIn } from '../test/factories.ts';
import { aJpeg, imagePart } from './testing.ts';

let t: TestApp;
let author: Session;
beforeAll(async () => {
  t = await buildTestApp(); // the default grace period: a week
  author = await signIn(t.app, await aUser(t.db));
});
afterAll(() => t.close());

const LONG_AGO = '2000-01-01T00:00:00.000Z';
/** Moves the given files' last upload past the grace period. */
const age = (...paths: string[]) => t.db.updateTable('stored_images').set({ uploaded_at: LONG_AGO }).where('path', 'in', paths).execute();
const ledger = async (p: string) => (await t.db.selectFrom('stored_images').select('path').where('path', '=', p).executeTakeFirst()) !== undefined;

async function upload(bytes: Buffer): Promise<{ path: string; url: string }> {
  const res = await send(t, 'upload-image', { image: imagePart(bytes) }, author);
  expect(res.statusCode).toBe(201);
  return res.json();
}
const remove = (id: number) => t.app.inject({ method: 'POST', url: '/api/user/delete-posts', payload: { id }, headers: author.headers });

describe('stored images', () => {
  it('keeps an upload nobody uses for its grace period, then sweeps it', async () => {
    const unused = await upload(await aJpeg());
    expect(await ledger(unused.path)).toBe(true);
    await t.app.images.sweep();
    expect(stored(t, unused.path)).toBe(true);

    await age(unused.path);
    const result = await t.app.images.sweep();
    expect(result.unused).toBeGreaterThanOrEqual(1);
    expect(stored(t, unused.path)).toBe(false);
    expect(await ledger(unused.path)).toBe(false);
  });

  it('keeps a file uploaded again for a new post while an old post using it is deleted', async () => {
    const bytes = await aJpeg();
    const first = await upload(bytes);
    const old = await createPost(t, author, { description: `<p><img src="${first.url}"></p>` });
    await age(first.path, old.image);

    // The writer uploads the same picture for a draft (same bytes, same file), then the old post goes.
    const again = await upload(bytes);
    expect(again.path).toBe(first.path);
    expect((await remove(old.id)).statusCode).toBe(200);
    expect(stored(t, old.image)).toBe(false); // the old cover: unused and past its grace
    expect(stored(t, first.path)).toBe(true); // renewed by the second upload

    // The draft is saved later and its image is whole.
    const draft = await createPost(t, author, { description: `<p><img src="${again.url}"></p>` });
    expect((await t.app.inject({ method: 'GET', url: again.url })).statusCode).toBe(200);
    await age(again.path);
    await t.app.images.sweep();
    expect(stored(t, again.path)).toBe(true); // used by the draft's post

    expect((await remove(draft.id)).statusCode).toBe(200);
    expect(stored(t, again.path)).toBe(false);
  });

  it('never removes a profile picture', async () => {
    const avatar = await upload(await aJpeg());
    await t.db
      .updateTable('users')
      .set({ profile_picture: `/storage/${avatar.path}` })
      .where('id', '=', author.id)
      .execute();
    await age(avatar.path);
    await t.app.images.sweep();
    expect(stored(t, avatar.path)).toBe(true);
  });

  it('refuses a post whose body points at a file the ledger does not know, saving nothing', async () => {
    const missing = `/storage/ab/cd/${'e'.repeat(64)}.webp`;
    const before = await t.db.selectFrom('posts').select('id').execute();
    const res = await send(t, 'add-post', await postFields(t, author, { description: `<p><img src="${missing}"></p>` }), author);
    expect(res.json()).toMatchObject({ message: 'An image in this post is no longer stored. Please upload it again.' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.description).toEqual(['An image in this post is no longer stored. Please upload it again.']);
    expect(await t.db.selectFrom('posts').select('id').execute()).toHaveLength(before.length);
  });

  it('is enforced by the database: a post_images row needs its ledger row, which cannot go while used', async () => {
    const post = await createPost(t, author);
    await expect(
      t.db
        .insertInto('post_images')
        .values({ post_id: post.id, path: `aa/bb/${'f'.repeat(64)}.webp` })
        .execute(),
    ).rejects.toSatisfy(isForeignKeyViolation);
    await expect(t.db.deleteFrom('stored_images').where('path', '=', post.image).execute()).rejects.toSatisfy(isForeignKeyViolation);
  });

  it('sweeps files on disk the ledger does not know and temporary files left by a crash, once old enough', async () => {
    const root = path.join(t.config.dataDir, 'storage');
    const strayPath = `0a/0b/${'a'.repeat(64)}.webp`;
    const freshPath = `0a/0b/${'b'.repeat(64)}.webp`;
    const stray = path.join(root, ...strayPath.split('/'));
    const fresh = path.join(root, ...freshPath.split('/'));
    const temp = `${stray}.123abc.tmp`;
    const foreign = path.join(root, '0a', '0b', 'README.txt');
    await fs.mkdir(path.dirname(stray), { recursive: true });
    for (const file of [stray, fresh, temp, foreign]) await fs.writeFile(file, 'x');
    const old = new Date('2000-01-01T00:00:00Z');
    for (const file of [stray, temp, foreign]) await fs.utimes(file, old, old);

    const result = await t.app.images.sweep();
    expect(result.strays).toBe(1);
    expect(result.temps).toBe(1);
    expect(stored(t, strayPath)).toBe(false);
    expect(stored(t, freshPath)).toBe(true); // too new: may be a write in progress
    await expect(fs.stat(temp)).rejects.toThrow();
    await expect(fs.stat(foreign)).resolves.toBeTruthy(); // not ours to judge
  });
});
