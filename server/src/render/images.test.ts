import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_IMAGE_SIZES, imageSrcSet, paths } from '@inkwell/contract';
import { createPost, send } from '../posts/testing.ts';
import { aPng, imagePart } from '../storage/testing.ts';
import { type TestApp, buildRenderingTestApp } from '../test/app.ts';
import { type Session, aUser, signIn } from '../test/factories.ts';

/** Images in pages rendered on the server: sized for the screen, space reserved, the first one first. */
let t: TestApp;
let author: Session;

beforeAll(async () => {
  t = await buildRenderingTestApp();
  author = await signIn(t.app, await aUser(t.db, { name: 'Ada Pictures' }));
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return new JSDOM(res.body).window.document;
};
const attrs = (node: Element) => Object.fromEntries(node.getAttributeNames().map((name) => [name, node.getAttribute(name)]));

describe('images in rendered pages', () => {
  it('gives the post page’s cover a srcset, sizes and its box, fetched first; body images sized and lazy', async () => {
    const upload = await send(t, 'upload-image', { image: imagePart(await aPng(1500, 1000), 'body.png') }, author);
    const body = (upload.json() as { url: string }).url;
    const post = await createPost(t, author, {
      title: 'Harbour lights',
      image: imagePart(await aPng(1200, 630), 'cover.png'),
      description: `<p>Evening.</p><p><img src="${body}" alt="The harbour"></p>`,
    });
    const document = await page(paths.viewPost.getHref(post.id));
    const cover = `/storage/${post.image}`;
    const [coverImage] = [...document.querySelectorAll(`article img[src="${cover}"]`)];
    expect(attrs(coverImage!)).toMatchObject({ srcset: imageSrcSet(cover, 1200), sizes: POST_IMAGE_SIZES, width: '1360', height: '765', fetchpriority: 'high' });
    expect(coverImage!.getAttribute('srcset')).toContain('-w400.webp 400w');
    expect(coverImage!.hasAttribute('loading')).toBe(false);

    const bodyImage = document.querySelector('[data-testid=post-body] img')!;
    expect(attrs(bodyImage)).toEqual({
      src: body,
      alt: 'The harbour',
      width: '1500',
      height: '1000',
      srcset: imageSrcSet(body, 1500),
      sizes: POST_IMAGE_SIZES,
      loading: 'lazy',
      decoding: 'async',
    });
    // Only the cover is fetched with high priority, announced in the head; #root holds the app alone.
    expect(document.querySelectorAll('img[fetchpriority=high]')).toHaveLength(1);
    const preloads = [...document.head.querySelectorAll('link[rel=preload][as=image]')];
    expect(preloads.map(attrs)).toEqual([expect.objectContaining({ imagesrcset: imageSrcSet(cover, 1200), imagesizes: POST_IMAGE_SIZES, fetchpriority: 'high' })]);
    expect(document.getElementById('root')!.querySelector('link')).toBeNull();
  });

  it('fetches the first card’s cover at once with high priority and the later ones lazily, each with a srcset', async () => {
    for (const title of ['First light', 'Second light', 'Third light']) {
      await createPost(t, author, { title, image: imagePart(await aPng(1000, 600), 'cover.png') });
    }
    const document = await page('/');
    const covers = [...document.querySelectorAll('[data-testid=post-card] img[width="160"]')];
    expect(covers.length).toBeGreaterThanOrEqual(3);
    const [first, ...later] = covers;
    expect(attrs(first!)).toMatchObject({ fetchpriority: 'high', sizes: '(min-width: 640px) 160px, 80px', width: '160', height: '112' });
    expect(first!.getAttribute('srcset')).toBe(imageSrcSet(first!.getAttribute('src')!, 1000)); // 'Third light', the newest
    expect(first!.hasAttribute('loading')).toBe(false);
    for (const card of later) {
      expect(attrs(card)).toMatchObject({ loading: 'lazy', decoding: 'async', width: '160', height: '112' });
      expect(card.getAttribute('srcset')).toContain('-w800.webp 800w');
      expect(card.hasAttribute('fetchpriority')).toBe(false);
    }
  });
});
