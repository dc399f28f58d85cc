import { DRAFTS_MAX, DRAFT_MESSAGES, TEXT } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../db/database.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aUser, signIn } from '../test/factories.ts';
import { aJpeg, imagePart } from '../storage/testing.ts';
import { firstCategoryId, send } from './testing.ts';

/** Drafts (issue 13): the writer's own, complete or not, never seen as posts until published. */
let t: TestApp;
let category: number;
beforeAll(async () => {
  t = await buildTestApp();
  category = await firstCategoryId(t);
});
afterAll(() => t.close());

const call = (path: string, payload: object, as?: Session) => t.app.inject({ method: 'POST', url: `/api/user${path}`, payload, headers: as?.headers ?? {} });
const writer = async () => signIn(t.app, await aUser(t.db, { name: 'Writer' }));
const complete = () => ({ title: 'A finished thought', sub_title: 'Said briefly', category_id: category, description: '<p>Body words</p>' });

async function aDraft(as: Session, fields: object = complete()) {
  const res = await call('/drafts/save', fields, as);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().draft as { id: number; title: string; publish_at: string | null; preview_url: string | null };
}

describe('drafts: saving and reading', () => {
  it('saves an empty or partial draft, replaces it, lists it newest change first, and keeps it the writer’s alone', async () => {
    const me = await writer();
    const other = await writer();
    const empty = await aDraft(me, {});
    expect(empty).toMatchObject({ title: '', publish_at: null, preview_url: null });
    const second = await aDraft(me, { title: 'Half', description: '<p>x</p><script>alert(1)</script>' });
    expect((await call('/drafts/details', { id: second.id }, me)).json().draft.description).toBe('<p>x</p>');

    const saved = await call('/drafts/save', { id: empty.id, title: 'Now titled', sub_title: '', category_id: null, description: '' }, me);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ message: DRAFT_MESSAGES.saved, draft: { id: empty.id, title: 'Now titled' } });
    const list = (await call('/drafts', {}, me)).json().data as Array<{ id: number; title: string; read_time: number }>;
    expect(list.map((d) => d.id)).toEqual([empty.id, second.id]);
    expect(list[0]).not.toHaveProperty('description');

    // Somebody else's draft does not exist for them; a visitor is asked to sign in.
    for (const path of ['/drafts/details', '/drafts/delete', '/drafts/publish']) {
      expect((await call(path, { id: empty.id }, other)).statusCode).toBe(404);
    }
    expect((await call('/drafts/save', { id: empty.id, title: 'Taken over' }, other)).statusCode).toBe(404);
    expect((await call('/drafts/schedule', { id: empty.id, publish_at: null }, other)).statusCode).toBe(404);
    expect((await call('/drafts/preview', { id: empty.id, enabled: true }, other)).statusCode).toBe(404);
    expect((await call('/drafts', {}, other)).json().data).toEqual([]);
    expect((await call('/drafts', {})).statusCode).toBe(401);
    expect((await call('/drafts/details', { id: empty.id }, me)).json().draft.title).toBe('Now titled');

    expect((await call('/drafts/delete', { id: second.id }, me)).json()).toEqual({ message: DRAFT_MESSAGES.deleted });
    expect((await call('/drafts/details', { id: second.id }, me)).statusCode).toBe(404);
  });

  it('refuses bad input with a 422 naming the field', async () => {
    const me = await writer();
    const tooLong = await call('/drafts/save', { title: 'x'.repeat(151) }, me);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.title[0]).toMatch(/may not be greater than 150/);
    expect((await call('/drafts/save', { category_id: 99_999 }, me)).json().errors.category_id).toBeDefined();
    expect((await call('/drafts/save', { image: '../../etc/passwd' }, me)).statusCode).toBe(422);
    expect((await call('/drafts/save', { image: 'ab/never-uploaded.webp' }, me)).json().errors.image[0]).toBe(DRAFT_MESSAGES.imageGone);
  });

  it(`keeps at most ${DRAFTS_MAX} drafts per member, also under a burst of saves`, async () => {
    const me = await writer();
    const now = nowIso();
    const rows = Array.from({ length: DRAFTS_MAX - 3 }, () => ({
      user_id: me.id,
      title: '',
      sub_title: '',
      category_id: null,
      description: '',
      image: null,
      created_at: now,
      updated_at: now,
    }));
    await t.db.insertInto('drafts').values(rows).execute();
    const burst = await Promise.all(Array.from({ length: 8 }, () => call('/drafts/save', { title: 'One more' }, me)));
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(3);
    const refused = burst.filter((r) => r.statusCode === 422);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.json().errors.draft[0]).toBe(DRAFT_MESSAGES.tooMany);
    const count = await t.db
      .selectFrom('drafts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(DRAFTS_MAX);
  });
});

describe('drafts: invisible until published', () => {
  it('shows a draft in no feed, search, profile, RSS feed, sitemap or count, then publishes it once', async () => {
    const me = await writer();
    const words = `Zyxwv draft ${Date.now()}`;
    const draft = await aDraft(me, { ...complete(), title: words });
    const everywhere = async () =>
      [
        (await call('/view-posts', {})).body,
        (await call('/author-posts', { author_id: me.id })).body,
        (await call('/search', { query: words })).body,
        (await t.app.inject({ method: 'GET', url: '/rss.xml' })).body,
        (await t.app.inject({ method: 'GET', url: '/sitemap/posts-1.xml' })).body,
      ].join('\n');
    expect(await everywhere()).not.toContain(words);
    const counted = () => t.db.selectFrom('users').select('post_count').where('id', '=', me.id).executeTakeFirstOrThrow();
    expect((await counted()).post_count).toBe(0);

    const published = await call('/drafts/publish', { id: draft.id }, me);
    expect(published.statusCode).toBe(201);
    const postId = published.json().post.id as number;
    expect(published.json().message).toBe(TEXT.postCreated);
    expect(await everywhere()).toContain(words);
    expect((await counted()).post_count).toBe(1);
    expect((await call('/post/details', { post_id: postId })).json().post).toMatchObject({ title: words, sub_title: 'Said briefly', description: '<p>Body words</p>' });
    // It is a draft no more: a second Publish (another tab) finds nothing.
    expect((await call('/drafts/publish', { id: draft.id }, me)).statusCode).toBe(404);
    expect((await call('/drafts', {}, me)).json().data).toEqual([]);
  });

  it('publishes only a complete draft, with the add-post messages', async () => {
    const me = await writer();
    const draft = await aDraft(me, { title: 'Only a title' });
    const res = await call('/drafts/publish', { id: draft.id }, me);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.sub_title[0]).toBe('The sub title field is required.');
    expect(res.json().errors.category_id[0]).toBe('The category id field is required.');
    expect((await call('/drafts/details', { id: draft.id }, me)).statusCode).toBe(200);
  });
});

describe('drafts: images', () => {
  it('keeps a draft’s cover from the sweep while the draft holds it, and lets it go with the draft', async () => {
    const me = await writer();
    const upload = await send(t, 'upload-image', { image: imagePart(await aJpeg()) }, me);
    const { path } = upload.json() as { path: string };
    const draft = await aDraft(me, { ...complete(), image: path, description: `<p><img src="/storage/${path}"></p>` });
    const old = new Date(Date.now() - 400 * 24 * 3600 * 1000).toISOString();
    await t.db.updateTable('stored_images').set({ uploaded_at: old }).where('path', '=', path).execute();
    await t.app.images.sweep();
    expect(await t.db.selectFrom('stored_images').select('path').where('path', '=', path).executeTakeFirst()).toBeDefined();
    await call('/drafts/delete', { id: draft.id }, me);
    expect(await t.db.selectFrom('stored_images').select('path').where('path', '=', path).executeTakeFirst()).toBeUndefined();
  });

  it('hands its images to the post it becomes', async () => {
    const me = await writer();
    const { path } = (await send(t, 'upload-image', { image: imagePart(await aJpeg()) }, me)).json() as { path: string };
    const draft = await aDraft(me, { ...complete(), image: path });
    const postId = (await call('/drafts/publish', { id: draft.id }, me)).json().post.id as number;
    const rows = await t.db.selectFrom('post_images').select('path').where('post_id', '=', postId).execute();
    expect(rows.map((r) => r.path)).toEqual([path]);
    expect((await call('/post/details', { post_id: postId })).json().post.image).toBe(path);
  });
});
