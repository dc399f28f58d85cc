import { TEXT } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aPost } from '../test/factories.ts';
import { type Member, aMember, call } from './social.testkit.ts';

let t: TestApp;
let owner: Member;
let reader: Member;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await aMember(t);
  reader = await aMember(t);
});
afterAll(() => t.close());

const save = (as: Member, postId: number, flag: unknown) => call(t, '/posts/save', { user_id: as.id, post_id: postId, save_unsave: flag }, as);
const saved = async (userId: number) => (await t.db.selectFrom('saves').select('post_id').where('user_id', '=', userId).execute()).map((r) => r.post_id);

describe('POST /posts/save', () => {
  it('saves and unsaves with the spec texts, idempotently', async () => {
    const post = await aPost(t.db, { userId: owner.id });
    const first = await save(reader, post.id, 1);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: TEXT.postSaved, is_saved: true });
    expect(first.json().message).toBe('Post Saved');
    expect((await save(reader, post.id, '1')).json()).toEqual({ message: 'Post Saved', is_saved: true });
    expect(await saved(reader.id)).toEqual([post.id]);

    const removed = await save(reader, post.id, 0);
    expect(removed.json()).toEqual({ message: 'Post removed from saved folder', is_saved: false });
    expect((await save(reader, post.id, '0')).json()).toEqual({ message: TEXT.postUnsaved, is_saved: false });
    expect(await saved(reader.id)).toEqual([]);
  });

  it('saves in parallel without error or duplicates', async () => {
    const post = await aPost(t.db, { userId: owner.id });
    const all = await Promise.all([save(owner, post.id, 1), save(owner, post.id, 1), save(owner, post.id, 1)]);
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await saved(owner.id)).toEqual([post.id]);
  });

  it('answers 404, 422, 401 and 403 as it should, changing nothing', async () => {
    const post = await aPost(t.db, { userId: owner.id });
    expect((await save(reader, 987_654, 1)).statusCode).toBe(404);
    // An unsave removes nothing there, then finds no post.
    expect((await save(reader, 987_654, 0)).statusCode).toBe(404);
    const bad = await save(reader, post.id, 2);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.save_unsave).toBeDefined();
    expect((await call(t, '/posts/save', { user_id: reader.id, post_id: post.id, save_unsave: 1 })).statusCode).toBe(401);
    expect((await call(t, '/posts/save', { user_id: owner.id, post_id: post.id, save_unsave: 1 }, reader)).statusCode).toBe(403);
    expect(await saved(reader.id)).toEqual([]);
    expect(await saved(owner.id)).not.toContain(post.id);
  });
});
