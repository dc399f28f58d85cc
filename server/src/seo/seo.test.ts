import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeId, paths } from '@inkwell/contract';
import { loadXssPayloads } from '../../../testdata/xss.ts';
import { nowIso } from '../db/database.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aPost, aUser } from '../test/factories.ts';
import { xmlChars } from './xml.ts';

/**
 * The feeds, sitemaps and robots.txt over HTTP: well-formed XML whatever members typed, absolute
 * addresses, deactivated authors nowhere, 404s in plain text, sitemap pages by id range.
 */
const SITE = 'http://localhost:3000';
const HEX = 'ab'.repeat(32);
let t: TestApp;
let categories: { id: number; name: string }[];

beforeAll(async () => {
  t = await buildTestApp();
  categories = await t.db.selectFrom('categories').select(['id', 'name']).orderBy('id').execute();
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  trimValues: false,
  parseTagValue: false,
  // Character references (&#13;) decoded, as every XML parser does.
  htmlEntities: true,
  isArray: (name) => ['item', 'url', 'sitemap'].includes(name),
});

interface Item {
  title: string;
  link: string;
  guid: { '#text': string; '@_isPermaLink': string };
  pubDate: string;
  'dc:creator': string;
  category: string;
  description: string;
  'content:encoded': string;
}
interface Channel {
  title: string;
  link: string;
  description: string;
  language: string;
  lastBuildDate: string;
  'atom:link': Record<string, string>;
  item?: Item[];
}

/** A feed answer, checked to be valid XML with the RSS content type and caching, as its channel. */
async function feed(url: string): Promise<Channel> {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
  expect(res.headers['cache-control']).toBe('public, max-age=300');
  expect(XMLValidator.validate(res.body)).toBe(true);
  const doc = parser.parse(res.body) as { rss: { '@_version': string; channel: Channel } };
  expect(doc.rss['@_version']).toBe('2.0');
  return doc.rss.channel;
}

const deactivate = (userId: number) => t.db.updateTable('users').set({ deactivated_at: nowIso() }).where('id', '=', userId).execute();
const postUrl = (id: number) => `${SITE}${paths.viewPost.getHref(id)}`;

describe('RSS feeds', () => {
  it('the site feed: the newest 20 posts with every field, absolute addresses, the body sanitised', async () => {
    const author = await aUser(t.db, { name: 'Nadia Okafor' });
    const image = `/storage/ab/cd/${HEX}.webp`;
    const first = await aPost(t.db, { userId: author.id, categoryId: categories[1]!.id, title: 'Night trains', subTitle: 'Sleeping through borders' });
    const ids = [first.id];
    for (let i = 0; i < 21; i += 1) {
      const description = `<p>Body ${i} <a href="/view-post/x">more</a></p><img src="${image}"><script>alert(1)</script>`;
      ids.push((await aPost(t.db, { userId: author.id, categoryId: categories[1]!.id, title: `Post ${i}`, description })).id);
    }
    const channel = await feed('/rss.xml');
    expect(channel).toMatchObject({ title: 'Inkwell', link: `${SITE}/`, language: 'en' });
    expect(channel['atom:link']).toMatchObject({ '@_href': `${SITE}/rss.xml`, '@_rel': 'self', '@_type': 'application/rss+xml' });
    expect(Number.isNaN(Date.parse(channel.lastBuildDate))).toBe(false);
    const items = channel.item ?? [];
    expect(items.map((i) => i.link)).toEqual(ids.slice(-20).reverse().map(postUrl));
    const item = items[0]!;
    expect(item).toMatchObject({ title: 'Post 20', 'dc:creator': 'Nadia Okafor', category: categories[1]!.name, description: 'Why it matters, in one line' });
    expect(item.guid).toEqual({ '#text': item.link, '@_isPermaLink': 'true' });
    expect(item.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(item['content:encoded']).toContain(`<img src="${SITE}${image}"`);
    expect(item['content:encoded']).toContain(`href="${SITE}/view-post/x"`);
    expect(item['content:encoded']).not.toContain('<script');
  });

  it('escapes what members type: markup, ]]>, ampersands and quotes stay text; control characters go', async () => {
    const title = `<script>alert("x")</script> ]]> & 'quotes' &amp; \u0001\u000B<![CDATA[ done ]]>`;
    const author = await aUser(t.db, { name: '<b>Ann & "Bo"</b> ]]>' });
    await aPost(t.db, { userId: author.id, title, subTitle: ']]><i>sub</i>', description: '<p>a ]]> b &amp; c</p>' });
    const res = await get('/rss.xml');
    expect(XMLValidator.validate(res.body)).toBe(true);
    expect(res.body).not.toContain('<script');
    expect(res.body).not.toContain(']]>');
    expect(['\u0001', '\u000B'].filter((c) => res.body.includes(c))).toEqual([]);
    const item = (parser.parse(res.body) as { rss: { channel: Channel } }).rss.channel.item![0]!;
    expect(item.title).toBe(xmlChars(title));
    expect(item['dc:creator']).toBe('<b>Ann & "Bo"</b> ]]>');
    expect(item.description).toBe(']]><i>sub</i>');
    expect(item['content:encoded']).toBe('<p>a ]]&gt; b &amp; c</p>');
  });

  it('keeps all 160 known XSS payloads as text in titles, names and subtitles, and inert in bodies', async () => {
    const payloads = loadXssPayloads();
    const html = new JSDOM('').window.document;
    for (let start = 0; start < payloads.length; start += 20) {
      const batch = payloads.slice(start, start + 20);
      const author = await aUser(t.db, { name: batch[0]! });
      for (const payload of batch) await aPost(t.db, { userId: author.id, title: payload, subTitle: payload, description: payload });
      for (const url of ['/rss.xml', `/rss/author/${encodeId(author.id)}.xml`]) {
        const channel = await feed(url);
        const items = channel.item ?? [];
        expect(items.map((i) => i.title)).toEqual([...batch].reverse().map(xmlChars));
        for (const item of items) {
          expect(Object.keys(item).sort()).toEqual(['category', 'content:encoded', 'dc:creator', 'description', 'guid', 'link', 'pubDate', 'title']);
          expect(item.description).toBe(item.title);
          expect(item['dc:creator']).toBe(xmlChars(batch[0]!));
          // What a feed reader renders: no script, handler or script address survives.
          const body = html.createElement('div');
          body.innerHTML = item['content:encoded'];
          expect(body.querySelectorAll('script, iframe, object, embed, style, svg, form').length, item.title).toBe(0);
          for (const element of body.querySelectorAll('*')) {
            for (const { name, value } of element.attributes) {
              expect(name.startsWith('on'), `${item.title} → ${name}`).toBe(false);
              expect(value.trim().toLowerCase(), `${item.title} → ${name}`).not.toMatch(/^(javascript|vbscript|data):/);
            }
          }
        }
      }
    }
  });

  it("an author's feed: their posts only, the channel pointing at their profile", async () => {
    const author = await aUser(t.db, { name: 'Tomás Reyes' });
    const other = await aUser(t.db);
    const mine = await aPost(t.db, { userId: author.id, title: 'Mine' });
    await aPost(t.db, { userId: other.id, title: 'Not mine' });
    const sqid = encodeId(author.id);
    const channel = await feed(`/rss/author/${sqid}.xml`);
    expect(channel.title).toBe('Inkwell: posts by Tomás Reyes');
    expect(channel.link).toBe(`${SITE}/view-profile/${sqid}`);
    expect(channel['atom:link']['@_href']).toBe(`${SITE}/rss/author/${sqid}.xml`);
    expect((channel.item ?? []).map((i) => i.link)).toEqual([postUrl(mine.id)]);
    const quiet = await aUser(t.db);
    expect((await feed(`/rss/author/${encodeId(quiet.id)}.xml`)).item).toBeUndefined();
  });

  it("a category's feed: its posts only, the channel pointing at the category page", async () => {
    const author = await aUser(t.db);
    const [a, b] = [categories[5]!, categories[6]!];
    const inA = await aPost(t.db, { userId: author.id, categoryId: a.id, title: 'In A' });
    await aPost(t.db, { userId: author.id, categoryId: b.id, title: 'In B' });
    const channel = await feed(`/rss/category/${encodeId(a.id)}.xml`);
    expect(channel.title).toBe(`Inkwell: ${a.name}`);
    expect(channel.link).toBe(`${SITE}/recommended/${encodeId(a.id)}`);
    expect(channel['atom:link']['@_href']).toBe(`${SITE}/rss/category/${encodeId(a.id)}.xml`);
    expect((channel.item ?? []).map((i) => i.link)).toEqual([postUrl(inA.id)]);
  });

  it("leaves a deactivated author's posts out of every feed, and their own feed is 404", async () => {
    const gone = await aUser(t.db);
    const category = categories[7]!.id;
    const kept = await aPost(t.db, { userId: (await aUser(t.db)).id, categoryId: category, title: 'Kept' });
    const hidden = await aPost(t.db, { userId: gone.id, categoryId: category, title: 'Hidden' });
    await deactivate(gone.id);
    for (const url of ['/rss.xml', `/rss/category/${encodeId(category)}.xml`]) {
      const links = ((await feed(url)).item ?? []).map((i) => i.link);
      expect(links).toContain(postUrl(kept.id));
      expect(links).not.toContain(postUrl(hidden.id));
    }
    expect((await get(`/rss/author/${encodeId(gone.id)}.xml`)).statusCode).toBe(404);
  });

  it.each([
    ['an unknown author', () => `/rss/author/${encodeId(999_999)}.xml`],
    ['an author id that is not a Sqid', () => '/rss/author/12.xml'],
    ['an empty author id', () => '/rss/author/.xml'],
    ['a non-canonical author id', () => `/rss/author/${encodeId(categories[0]!.id)}x.xml`],
    ['an unknown category', () => `/rss/category/${encodeId(999_999)}.xml`],
    ['a category id that is not a Sqid', () => '/rss/category/..%2f.xml'],
  ])('%s is a plain-text 404', async (_name, url) => {
    const res = await get(url());
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).not.toContain('<html');
  });
});

describe('robots.txt', () => {
  it('allows the public pages, keeps crawlers out of the API and the signed-in screens, names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const path of [
      '/api/',
      '/createpost',
      '/edit-post/',
      '/settings',
      '/notifications',
      '/saved',
      '/yourposts',
      '/profile',
      '/recommendation',
      '/unsubscribe',
      '/forgot-password',
      '/reset-password',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    for (const open of ['/', '/view-post/abc', '/view-profile/abc', '/recommended/abc', '/login', '/signup', '/rss.xml', '/sitemap.xml']) {
      expect(
        disallowed.filter((prefix) => open.startsWith(prefix)),
        open,
      ).toEqual([]);
    }
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});
