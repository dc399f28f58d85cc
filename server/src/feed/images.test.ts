import { POST_IMAGE_SIZES, imageSrcSet } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, send } from '../posts/testing.ts';
import { aPng, imagePart } from '../storage/testing.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aUser, signIn } from '../test/factories.ts';

/** What the reading calls tell about images: the cover's size on every card, body images sized on the post. */
let t: TestApp;
let author: Session;
beforeAll(async () => {
  t = await buildTestApp();
  author = await signIn(t.app, await aUser(t.db));
});
afterAll(() => t.close());

const call = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/user/${url}`, payload });

async function uploadBody(width: number, height: number): Promise<string> {
  const res = await send(t, 'upload-image', { image: imagePart(await aPng(width, height), 'b.png') }, author);
  return (res.json() as { url: string }).url;
}

describe('images on the reading path', () => {
  it('gives every card its cover’s size, and the post its body images’ width, height, srcset and sizes', async () => {
    const body = await uploadBody(1500, 1000);
    const small = await uploadBody(300, 200);
    const post = await createPost(t, author, {
      image: imagePart(await aPng(1200, 630), 'cover.png'),
      description: `<p>One</p><p><img src="${body}" alt="Harbour"></p><p><img src="${small}"><img src="https://cdn.example.com/x.png"></p>`,
    });

    const feed = (await call('view-posts', {})).json() as { data: Array<{ id: number; image_width?: number; image_height?: number }> };
    expect(feed.data.find((c) => c.id === post.id)).toMatchObject({ image_width: 1200, image_height: 630 });
    const byAuthor = (await call('author-posts', { author_id: author.id })).json() as typeof feed;
    expect(byAuthor.data.find((c) => c.id === post.id)).toMatchObject({ image_width: 1200, image_height: 630 });

    const { post: detail } = (await call('post/details', { post_id: post.id })).json() as { post: { image_width: number; image_height: number; description: string } };
    expect(detail).toMatchObject({ image_width: 1200, image_height: 630 });
    expect(detail.description).toContain(
      `<img src="${body}" alt="Harbour" width="1500" height="1000" srcset="${imageSrcSet(body, 1500)}" sizes="${POST_IMAGE_SIZES}" loading="lazy" decoding="async" />`,
    );
    expect(detail.description).toContain(`<img src="${small}" width="300" height="200" loading="lazy" decoding="async" />`);
    expect(detail.description).toContain('<img src="https://cdn.example.com/x.png" loading="lazy" decoding="async" />');
    // The stored body stays as it was saved.
    const row = await t.db.selectFrom('posts').select('description').where('id', '=', post.id).executeTakeFirstOrThrow();
    expect(row.description).not.toMatch(/srcset|width=|loading=/);
  });

  it('falls back to the plain file for a post without a cover and for images stored before sizes were recorded', async () => {
    const body = await uploadBody(1500, 1000);
    const post = await createPost(t, author, { image: imagePart(await aPng(900, 600), 'cover.png'), description: `<p><img src="${body}"></p>` });
    const bare = await createPost(t, author, { image: undefined });
    await t.db
      .updateTable('stored_images')
      .set({ width: null, height: null })
      .where('path', 'in', [post.image, body.slice('/storage/'.length)])
      .execute();

    const feed = (await call('view-posts', {})).json() as { data: Array<{ id: number; image: string | null; image_width?: number | null }> };
    expect(feed.data.find((c) => c.id === post.id)).toMatchObject({ image: post.image, image_width: null, image_height: null });
    expect(feed.data.find((c) => c.id === bare.id)).toMatchObject({ image: null, image_width: null, image_height: null });
    const { post: detail } = (await call('post/details', { post_id: post.id })).json() as { post: { description: string } };
    expect(detail.description).toBe(`<p><img src="${body}" loading="lazy" decoding="async" /></p>`);
  });
});
