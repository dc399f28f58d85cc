import { TEXT } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aJpeg, imagePart } from '../storage/testing.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aUser, signIn } from '../test/factories.ts';
import { createPost, firstCategoryId, postFields, send, stored, uploadImage } from './testing.ts';

let t: TestApp;
let owner: Session;
let stranger: Session;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await signIn(t.app, await aUser(t.db));
  stranger = await signIn(t.app, await aUser(t.db));
});
afterAll(() => t.close());

const postRow = (id: number) => t.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
const postCount = async (id: number) => (await t.db.selectFrom('users').select('post_count').where('id', '=', id).executeTakeFirstOrThrow()).post_count;
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('add-post', () => {
  it('creates the post with a stored WebP cover, counts it, and answers its id', async () => {
    const before = await postCount(owner.id);
    const res = await send(t, 'add-post', await postFields(t, owner, { title: '  Hello  ', read_time: 42 }), owner);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Post created successfully!');
    expect(body.post.image).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);
    expect(body.post.read_time).toBe(1);
    const row = await postRow(body.post.id);
    expect(row).toMatchObject({ user_id: owner.id, title: 'Hello', sub_title: 'Short notes', image: body.post.image, read_time: 1 });
    expect(await postCount(owner.id)).toBe(before + 1);
    expect(stored(t, body.post.image)).toBe(true);
    const images = await t.db.selectFrom('post_images').select('path').where('post_id', '=', body.post.id).execute();
    expect(images.map((r) => r.path)).toEqual([body.post.image]);
  });

  it('computes read_time from the sanitised body and ignores the client', async () => {
    const cases: Array<[string, number]> = [
      ['', 0],
      [`<p>${words(100)}</p>`, 1],
      [`<p>${words(101)}</p>`, 2],
      [`<h1>${words(150)}</h1><p>${words(100)}</p><script>${words(500)}</script>`, 3],
    ];
    for (const [description, expected] of cases) {
      const post = await createPost(t, owner, { description, read_time: 99 });
      expect(post.read_time).toBe(expected);
      expect((await postRow(post.id))?.read_time).toBe(expected);
    }
  });

  it('answers 401 to a visitor and 403 to a user_id that is not the caller', async () => {
    const fields = await postFields(t, owner);
    expect((await send(t, 'add-post', fields)).statusCode).toBe(401);
    const res = await send(t, 'add-post', { ...fields, user_id: owner.id }, stranger);
    expect(res.statusCode).toBe(403);
  });

  it('answers 422 per missing or invalid field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ title: undefined }, 'title', 'The title field is required.'],
      [{ title: '   ' }, 'title', 'The title field is required.'],
      [{ sub_title: undefined }, 'sub_title', 'The sub title field is required.'],
      [{ category_id: undefined }, 'category_id', 'The category id field is required.'],
      [{ category_id: 999999 }, 'category_id', 'The selected category id is invalid.'],
      [{ image: 'cover.jpg' }, 'image', 'The image must be an image file.'],
    ];
    const before = await t.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [overrides, field, message] of cases) {
      const res = await send(t, 'add-post', await postFields(t, owner, overrides as never), owner);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(res.json().errors[field][0]).toBe(message);
    }
    const after = await t.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a cover that is not an image with 415, saying which types it takes', async () => {
    const res = await send(t, 'add-post', await postFields(t, owner, { image: { data: Buffer.from('hello'), filename: 'x.png', type: 'image/png' } }), owner);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(TEXT.imageTypesAccepted);
  });

  it('publishes a post without a cover (SPEC §5: title, subtitle and category only), absent or empty alike', async () => {
    const before = await postCount(owner.id);
    // A form whose file input was left empty sends an empty file part: no cover either.
    const emptyFile = { data: Buffer.alloc(0), filename: '', type: 'application/octet-stream' };
    for (const image of [undefined, '', emptyFile]) {
      const res = await send(t, 'add-post', await postFields(t, owner, { title: 'No cover', image }), owner);
      expect(res.statusCode, JSON.stringify(image)).toBe(201);
      const { post } = res.json();
      expect(post.image).toBeNull();
      expect(await postRow(post.id)).toMatchObject({ title: 'No cover', image: null });
      const images = await t.db.selectFrom('post_images').select('path').where('post_id', '=', post.id).execute();
      expect(images).toEqual([]);
    }
    expect(await postCount(owner.id)).toBe(before + 3);
  });

  it('takes a JSON body too (no cover), and keeps the body images it references', async () => {
    const figure = await uploadImage(t, owner);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/add-post',
      headers: owner.headers,
      payload: { user_id: owner.id, title: 'Json', sub_title: 'Post', category_id: await firstCategoryId(t), description: `<p><img src="${figure.url}"></p>` },
    });
    expect(res.statusCode).toBe(201);
    const { post } = res.json();
    expect(post.image).toBeNull();
    const images = await t.db.selectFrom('post_images').select('path').where('post_id', '=', post.id).execute();
    expect(images.map((r) => r.path)).toEqual([figure.path]);
  });

  it('shows a post without a cover in the feed and on its page with image null (the web app shows the default)', async () => {
    const res = await send(t, 'add-post', await postFields(t, owner, { title: 'Bare feed post', image: undefined }), owner);
    const { post } = res.json();
    const details = await t.app.inject({ method: 'POST', url: '/api/user/post/details', payload: { post_id: post.id } });
    expect(details.statusCode).toBe(200);
    expect(details.json().post).toMatchObject({ id: post.id, image: null });
    const feed = await t.app.inject({ method: 'POST', url: '/api/user/view-posts', payload: {} });
    const card = (feed.json().data as Array<{ id: number; image: string | null }>).find((p) => p.id === post.id);
    expect(card).toMatchObject({ image: null });
  });
});

describe('posts/update', () => {
  it('updates the owner’s post, keeps the cover without a new image and replaces it with one', async () => {
    const post = await createPost(t, owner);
    const category = await firstCategoryId(t);
    const keep = await send(
      t,
      'posts/update',
      { id: post.id, user_id: owner.id, title: 'New', sub_title: 'Sub', category_id: category, description: `<p>${words(120)}</p>` },
      owner,
    );
    expect(keep.statusCode).toBe(200);
    expect(keep.json()).toEqual({ message: 'Post updated successfully!', post: { id: post.id, read_time: 2, image: post.image } });
    expect(await postRow(post.id)).toMatchObject({ title: 'New', sub_title: 'Sub', image: post.image, read_time: 2 });

    const replaced = await send(t, 'posts/update', { ...(await postFields(t, owner)), id: post.id, image: imagePart(await aJpeg()) }, owner);
    expect(replaced.statusCode).toBe(200);
    const image = replaced.json().post.image as string;
    expect(image).not.toBe(post.image);
    expect((await postRow(post.id))?.image).toBe(image);
    expect(stored(t, image)).toBe(true);
    // The old cover was uploaded moments ago: kept for its grace period, swept after it.
    expect(stored(t, post.image)).toBe(true);
    await t.db.updateTable('stored_images').set({ uploaded_at: '2000-01-01T00:00:00.000Z' }).execute();
    expect((await t.app.images.sweep()).unused).toBe(1);
    expect(stored(t, post.image)).toBe(false);
    expect(stored(t, image)).toBe(true);
  });

  it('accepts a JSON body too (no image)', async () => {
    const post = await createPost(t, owner);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/posts/update',
      headers: owner.headers,
      payload: { id: post.id, user_id: owner.id, title: 'Json', sub_title: 'Body', category_id: await firstCategoryId(t), description: '<p>x</p>' },
    });
    expect(res.statusCode).toBe(200);
    expect((await postRow(post.id))?.title).toBe('Json');
  });

  it('answers 403 to a stranger and 404 for a missing post, changing nothing', async () => {
    const post = await createPost(t, owner);
    const before = await postRow(post.id);
    const fields = { ...(await postFields(t, stranger)), id: post.id, title: 'Hijacked' };
    const res = await send(t, 'posts/update', fields, stranger);
    expect(res.statusCode).toBe(403);
    expect(await postRow(post.id)).toEqual(before);
    expect(stored(t, post.image)).toBe(true);
    expect((await send(t, 'posts/update', { ...fields, id: 99999999 }, stranger)).statusCode).toBe(404);
    expect((await send(t, 'posts/update', { ...fields, user_id: undefined })).statusCode).toBe(401);
  });

  it('answers 422 for an image given as text and for an unknown category', async () => {
    const post = await createPost(t, owner);
    const base = { ...(await postFields(t, owner)), id: post.id };
    const text = await send(t, 'posts/update', { ...base, image: 'evil.jpg' }, owner);
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.image[0]).toBe('The image must be an image file.');
    const category = await send(t, 'posts/update', { ...base, image: undefined, category_id: 424242 }, owner);
    expect(category.json().errors.category_id[0]).toBe('The selected category id is invalid.');
  });
});
