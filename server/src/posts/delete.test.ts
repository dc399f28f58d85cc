import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../db/database.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aUser, signIn } from '../test/factories.ts';
import { createPost, send, stored, uploadImage } from './testing.ts';

let t: TestApp;
let owner: Session;
let reader: Session;
beforeAll(async () => {
  // No grace period: files nothing uses go as soon as their post does (stored-images.test.ts covers the grace).
  t = await buildTestApp({ config: { uploadGraceMs: 0 } });
  owner = await signIn(t.app, await aUser(t.db));
  reader = await signIn(t.app, await aUser(t.db));
});
afterAll(() => t.close());

const remove = (id: number, session?: Session) => t.app.inject({ method: 'POST', url: '/api/user/delete-posts', payload: { id }, headers: session?.headers ?? {} });
const postCount = async (id: number) => (await t.db.selectFrom('users').select('post_count').where('id', '=', id).executeTakeFirstOrThrow()).post_count;

/** A like, a save, a comment with a reply, and a notification, all on the post. */
async function engage(postId: number): Promise<void> {
  const now = nowIso();
  await t.db.insertInto('likes').values({ post_id: postId, user_id: reader.id, created_at: now }).execute();
  await t.db.insertInto('saves').values({ post_id: postId, user_id: reader.id, created_at: now }).execute();
  const comment = await t.db
    .insertInto('comments')
    .values({ post_id: postId, user_id: reader.id, body: 'Nice', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('replies').values({ comment_id: comment.id, post_id: postId, user_id: owner.id, body: 'Thanks', created_at: now, updated_at: now }).execute();
  await t.db
    .insertInto('notifications')
    .values({ user_id: owner.id, actor_id: reader.id, type: 'like', post_id: postId, message: 'liked', read_at: null, created_at: now, updated_at: now })
    .execute();
}

async function leftovers(postId: number): Promise<number[]> {
  const tables = ['likes', 'saves', 'comments', 'replies', 'notifications', 'post_images'] as const;
  const counts = await Promise.all(
    tables.map((table) =>
      t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('post_id', '=', postId)
        .executeTakeFirstOrThrow(),
    ),
  );
  const post = await t.db.selectFrom('posts').select('id').where('id', '=', postId).execute();
  return [...counts.map((c) => Number(c.n)), post.length];
}

describe('delete-posts', () => {
  it('deletes the post with its likes, saves, comments, replies, notifications and unused files', async () => {
    const body = await uploadImage(t, owner);
    const post = await createPost(t, owner, { description: `<p>Hi</p><img src="${body.url}">` });
    await engage(post.id);
    expect((await leftovers(post.id)).every((n) => n > 0)).toBe(true);
    const before = await postCount(owner.id);

    const res = await remove(post.id, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Post deleted successfully.' });
    expect(await leftovers(post.id)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(await postCount(owner.id)).toBe(before - 1);
    expect(stored(t, post.image)).toBe(false);
    expect(stored(t, body.path)).toBe(false);
  });

  it('keeps an image another post or a profile still uses', async () => {
    const shared = await uploadImage(t, owner);
    const avatar = await uploadImage(t, owner);
    const html = `<p><img src="${shared.url}"><img src="${avatar.url}"></p>`;
    const first = await createPost(t, owner, { description: html });
    const second = await createPost(t, owner, { description: `<img src="${shared.url}">` });
    await t.db.updateTable('users').set({ profile_picture: avatar.path }).where('id', '=', owner.id).execute();

    expect((await remove(first.id, owner)).statusCode).toBe(200);
    expect(stored(t, first.image)).toBe(false);
    expect(stored(t, shared.path)).toBe(true);
    expect(stored(t, avatar.path)).toBe(true);

    expect((await remove(second.id, owner)).statusCode).toBe(200);
    expect(stored(t, shared.path)).toBe(false);
    expect(stored(t, avatar.path)).toBe(true);
  });

  it('removes body images an update no longer references', async () => {
    const kept = await uploadImage(t, owner);
    const dropped = await uploadImage(t, owner);
    const post = await createPost(t, owner, { description: `<img src="${kept.url}"><img src="${dropped.url}">` });
    const res = await send(t, 'posts/update', { id: post.id, user_id: owner.id, title: 'T', sub_title: 'S', category_id: 1, description: `<img src="${kept.url}">` }, owner);
    expect(res.statusCode).toBe(200);
    expect(stored(t, kept.path)).toBe(true);
    expect(stored(t, dropped.path)).toBe(false);
    expect(stored(t, post.image)).toBe(true);
  });

  it('answers 403 to a stranger, 404 for a missing post and 401 to a visitor, deleting nothing', async () => {
    const post = await createPost(t, owner);
    await engage(post.id);
    const before = await leftovers(post.id);
    expect((await remove(post.id, reader)).statusCode).toBe(403);
    expect((await remove(post.id)).statusCode).toBe(401);
    expect(await leftovers(post.id)).toEqual(before);
    expect(stored(t, post.image)).toBe(true);
    expect((await remove(99999999, owner)).statusCode).toBe(404);
    expect((await remove(0, owner)).statusCode).toBe(422);
  });

  it('moves post_count once when the same post is deleted ten times at once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const post = await createPost(t, owner);
      const before = await postCount(owner.id);
      const answers = await Promise.all(Array.from({ length: 10 }, () => remove(post.id, owner)));
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.every((c) => c === 200 || c === 404)).toBe(true);
      expect(await postCount(owner.id)).toBe(before - 1);
      const rows = await t.db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect(await postCount(owner.id)).toBe(Number(rows.n));
    }
  });
});
