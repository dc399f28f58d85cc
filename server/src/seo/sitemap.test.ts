import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeId, paths } from '@inkwell/contract';
import { nowIso } from '../db/database.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aPost, aUser, anAccountElsewhere } from '../test/factories.ts';

/**
 * Sitemaps with SITEMAP_PAGE_SIZE = 3 on a fresh database: authors A and B wrote posts 1–7, C wrote
 * nothing, D wrote posts 8–12 and deactivated. Posts pages are the id ranges 1–3, 4–6, 7–9 (7 only)
 * and 10–12 (D's only, so not listed, 404); people pages 1–3 (A and B) and 4 (D only, 404).
 */
const SITE = 'http://localhost:3000';
const SIZE = 3;
let t: TestApp;
let people: { a: number; b: number; c: number; d: number };
let posts: number[];
let hidden: number[];

beforeAll(async () => {
  t = await buildTestApp({ config: { sitemapPageSize: SIZE } });
  people = { a: (await aUser(t.db)).id, b: (await aUser(t.db)).id, c: (await aUser(t.db)).id, d: (await aUser(t.db)).id };
  posts = [];
  for (let i = 0; i < 7; i += 1) posts.push((await aPost(t.db, { userId: i % 2 === 0 ? people.a : people.b })).id);
  hidden = [];
  for (let i = 0; i < 5; i += 1) hidden.push((await aPost(t.db, { userId: people.d })).id);
  await t.db.updateTable('users').set({ deactivated_at: nowIso() }).where('id', '=', people.d).execute();
});
afterAll(() => t?.close());

const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => ['url', 'sitemap'].includes(name) });
type Entry = { loc: string; lastmod?: string };

/** A sitemap answer, checked to be valid XML in the sitemaps.org namespace with caching. */
async function sitemap(url: string): Promise<{ urlset?: { url?: Entry[] }; sitemapindex?: { sitemap?: Entry[] } }> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(res.headers['cache-control']).toBe('public, max-age=300');
  expect(XMLValidator.validate(res.body)).toBe(true);
  expect(res.body).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
  return parser.parse(res.body);
}
const urls = async (url: string) => (await sitemap(url)).urlset?.url ?? [];
const W3C = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

describe('sitemaps', () => {
  it('starts from a fresh database (the ranges below depend on it)', () => {
    expect(posts).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(hidden).toEqual([8, 9, 10, 11, 12]);
    expect(people).toEqual({ a: 1, b: 2, c: 3, d: 4 });
  });

  it('the index lists the pages and every page that holds an address, nothing else', async () => {
    const entries = (await sitemap('/sitemap.xml')).sitemapindex?.sitemap ?? [];
    expect(entries.map((e) => e.loc)).toEqual([
      `${SITE}/sitemap/pages.xml`,
      `${SITE}/sitemap/posts-1.xml`,
      `${SITE}/sitemap/posts-2.xml`,
      `${SITE}/sitemap/posts-3.xml`,
      `${SITE}/sitemap/people-1.xml`,
    ]);
    expect(entries[0]!.lastmod).toMatch(W3C);
  });

  it('posts pages are id ranges of at most SITEMAP_PAGE_SIZE, each post with its lastmod', async () => {
    const pages = [await urls('/sitemap/posts-1.xml'), await urls('/sitemap/posts-2.xml'), await urls('/sitemap/posts-3.xml')];
    expect(pages.map((p) => p.map((u) => u.loc))).toEqual([
      posts.slice(0, 3).map((id) => `${SITE}${paths.viewPost.getHref(id)}`),
      posts.slice(3, 6).map((id) => `${SITE}${paths.viewPost.getHref(id)}`),
      [`${SITE}/view-post/${encodeId(7)}`],
    ]);
    for (const page of pages) {
      expect(page.length).toBeLessThanOrEqual(SIZE);
      for (const url of page) expect(url.lastmod).toMatch(W3C);
    }
  });

  it('people pages list active members who wrote, by profile', async () => {
    const page = await urls('/sitemap/people-1.xml');
    expect(page.map((u) => u.loc)).toEqual([people.a, people.b].map((id) => `${SITE}${paths.viewProfile.getHref(id)}`));
    for (const url of page) expect(url.lastmod).toMatch(W3C);
  });

  it('pages.xml holds home only (category pages need a session: a crawler would meet Login there)', async () => {
    const page = await urls('/sitemap/pages.xml');
    expect(page.map((u) => u.loc)).toEqual([`${SITE}/`]);
    expect(page[0]!.lastmod).toMatch(W3C);
  });

  it.each([
    '/sitemap/posts-4.xml', // only a deactivated author's posts
    '/sitemap/posts-5.xml', // past the last id
    '/sitemap/posts-0.xml',
    '/sitemap/posts-01.xml',
    '/sitemap/posts-1a.xml',
    '/sitemap/posts-.xml',
    '/sitemap/posts-999999999.xml',
    '/sitemap/posts-99999999999999999999.xml',
    '/sitemap/people-2.xml', // only a deactivated member
    '/sitemap/people--1.xml',
  ])('%s is a plain-text 404', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('lists no account of another server, nor gives it a feed, though it wrote (ADR 0080)', async () => {
    // Alone in a range of its own (ids 100–102: people page 34), so no answer kept from above stands in.
    const elsewhere = await anAccountElsewhere(t.db, 'Writer Elsewhere');
    await t.db.updateTable('users').set({ id: 100, post_count: 5 }).where('id', '=', elsewhere.id).execute();
    expect((await t.app.inject({ method: 'GET', url: '/sitemap/people-34.xml' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/rss/author/${encodeId(100)}.xml` })).statusCode).toBe(404);
  });
});
