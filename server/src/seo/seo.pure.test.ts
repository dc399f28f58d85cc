import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { encodeId } from '@inkwell/contract';
import { ConfigError, loadConfig } from '../config.ts';
import { AnswerCache } from './cache.ts';
import { feedLinksFor } from './feed-links.ts';
import { absoluteAddresses } from '../post-html/absolute.ts';
import { rssDocument } from './rss.ts';
import { idRange, pageCount, pageNumber, urlSet } from './sitemap.ts';
import { element, rfc822, w3cDate, xmlChars, xmlText } from './xml.ts';

describe('xml', () => {
  it('escapes markup and quotes, and removes what XML 1.0 cannot hold', () => {
    expect(xmlText(`<a href="x">&'</a> ]]>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt; ]]&gt;');
    expect(xmlChars('a\u0000b\u0001c\u0008d\u000Be\u000Cf\u001Fg\uFFFEh\uFFFF')).toBe('abcdefgh');
    expect(xmlChars('tab\tline\ncr\r')).toBe('tab\tline\ncr\r');
    expect(xmlChars('lone \uD800 and \uDC00, pair 😀')).toBe('lone  and , pair 😀');
    expect(element('t', 'a<b\r\n', { x: '"' })).toBe('<t x="&quot;">a&lt;b&#13;\n</t>');
  });

  it('writes RSS and W3C dates, and none for a text that is not a date', () => {
    expect(rfc822('2024-03-05T07:08:09.123Z')).toBe('Tue, 05 Mar 2024 07:08:09 GMT');
    expect(w3cDate('2024-03-05T07:08:09.123Z')).toBe('2024-03-05T07:08:09Z');
    expect(rfc822('not a date')).toBeNull();
    expect(w3cDate(null)).toBeNull();
  });

  it('an RSS document of hostile text is valid XML', () => {
    const nasty = '<script>x</script> ]]> & \u0001 <![CDATA[ ]]>';
    const channel = { title: nasty, link: 'http://x/', description: nasty, selfUrl: 'http://x/rss.xml?a=1&b=2', updated: 'bad' };
    const item = { title: nasty, link: 'http://x/p', published: '2024-01-01T00:00:00Z', author: nasty, category: nasty, summary: nasty, html: `<p>${nasty}</p>` };
    const xml = rssDocument(channel, [item]);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toContain(']]>');
    expect(XMLValidator.validate(urlSet([{ loc: 'http://x/?a=1&b=<2>', lastmod: '2024-01-01T00:00:00Z' }]))).toBe(true);
  });

  it('makes site-relative image and link addresses in a body absolute, nothing else', () => {
    const html = '<p>src="/text"</p><img src="/storage/a.webp" alt="x" /><a href="/view-post/x">a</a><a href="//evil/">b</a><a href="https://e/">c</a>';
    expect(absoluteAddresses(html, 'https://ink.example')).toBe(
      '<p>src="/text"</p><img src="https://ink.example/storage/a.webp" alt="x" /><a href="https://ink.example/view-post/x">a</a><a href="//evil/">b</a><a href="https://e/">c</a>',
    );
  });
});

describe('sitemap pages', () => {
  it('are id ranges, numbered from 1, never past the largest id', () => {
    expect(idRange(1, 3)).toEqual({ after: 0, upTo: 3 });
    expect(idRange(3, 3)).toEqual({ after: 6, upTo: 9 });
    expect(idRange(0, 3)).toBeNull();
    expect(idRange(999_999_999, 10_000)).toBeNull();
    expect(idRange(214_749, 10_000)).toEqual({ after: 2_147_480_000, upTo: 2_147_483_647 });
    expect([pageCount(0, 3), pageCount(7, 3), pageCount(9, 3), pageCount(10, 3)]).toEqual([0, 3, 3, 4]);
    expect(['1', '12', '0', '01', '-1', '1.0', ' 1', '', '1e3'].map(pageNumber)).toEqual([1, 12, null, null, null, null, null, null, null]);
  });

  it('have a size of 1 to 50000 (SITEMAP_PAGE_SIZE), 10000 unless told', () => {
    expect(loadConfig({}).sitemapPageSize).toBe(10_000);
    expect(loadConfig({ SITEMAP_PAGE_SIZE: '50000' }).sitemapPageSize).toBe(50_000);
    for (const bad of ['0', '50001', '-3', '1.5', 'many']) expect(() => loadConfig({ SITEMAP_PAGE_SIZE: bad }), bad).toThrow(ConfigError);
  });
});

describe('feedLinksFor', () => {
  const author = encodeId(42);
  const category = encodeId(3);
  const site = { title: 'Inkwell', href: '/rss.xml' };

  it('announces the site feed on every page', () => {
    for (const path of ['/', '/view-post/abc', '/login', '/anything/else']) expect(feedLinksFor(path)).toEqual([site]);
  });

  it("adds the author's feed on a profile and the category's on a category page", () => {
    expect(feedLinksFor(`/view-profile/${author}`)).toEqual([site, { title: 'Inkwell — posts by this author', href: `/rss/author/${author}.xml` }]);
    expect(feedLinksFor(`/recommended/${category}?tab=1`)).toEqual([site, { title: 'Inkwell — posts in this category', href: `/rss/category/${category}.xml` }]);
    expect(feedLinksFor(`/view-profile/${author}`, 'https://ink.example')[1]!.href).toBe(`https://ink.example/rss/author/${author}.xml`);
  });

  it('adds nothing for an address that names no id', () => {
    for (const path of ['/view-profile/', '/view-profile/nope', `/view-profile/${author}/more`, '/recommended/%E0%A4%A', '/view-profile/12']) {
      expect(feedLinksFor(path)).toEqual([site]);
    }
  });
});

describe('AnswerCache', () => {
  it('keeps an answer for its time, shares a read under way, keeps no failure, and stays within its size', async () => {
    const cache = new AnswerCache(60_000, 10);
    let reads = 0;
    const read = (body: string) => async () => {
      reads += 1;
      return body;
    };
    expect(await Promise.all([cache.remember('a', read('aaaa')), cache.remember('a', read('other'))])).toEqual(['aaaa', 'aaaa']);
    expect(await cache.remember('a', read('new'))).toBe('aaaa');
    expect(reads).toBe(1);
    await expect(cache.remember('b', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.remember('b', read('bbbb'))).toBe('bbbb');
    expect(await cache.remember('c', read('cccc'))).toBe('cccc'); // 12 characters: 'a' goes
    expect(await cache.remember('a', read('again'))).toBe('again');
    expect(await new AnswerCache(0).remember('x', read('1'))).toBe('1');
  });
});
