import { POST_IMAGE_SIZES, imageSrcSet } from '@inkwell/contract';
import { type DefaultTreeAdapterMap, parseFragment } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sizeBodyImages } from '../storage/responsive.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aUser, signIn } from '../test/factories.ts';
import { sanitizeDescription, sanitizeForPage, storageImagePaths } from './sanitize.ts';
import { createPost, firstCategoryId, send } from '../posts/testing.ts';
import { loadXssPayloads } from '../../../testdata/xss.ts';

type Node = DefaultTreeAdapterMap['node'];
const FORBIDDEN_TAGS = /^(script|iframe|object|embed|svg|math|form|input|meta|link|base|style|frame|frameset|template|noscript|textarea|button|select)$/i;
const BAD_URL = /^(javascript|data|vbscript):/i;

/** Parses the HTML as a browser would and fails on anything that could run. */
function expectInert(html: string, payload: string): void {
  expect(html, payload).not.toMatch(/<script/i);
  const walk = (node: Node): void => {
    if ('tagName' in node) {
      expect(node.tagName, payload).not.toMatch(FORBIDDEN_TAGS);
      for (const { name, value } of node.attrs) {
        expect(name, payload).not.toMatch(/^on/i);
        if (name === 'href' || name === 'src') expect(value.replace(/[\s\p{Cc}]/gu, ''), payload).not.toMatch(BAD_URL);
        // A srcset only ever names copies of our own stored images, as the contract builds them.
        if (name === 'srcset') {
          const attrs = Object.fromEntries(node.attrs.map((a) => [a.name, a.value]));
          expect(value, payload).toBe(imageSrcSet(attrs.src ?? '', Number(attrs.width)));
        }
        if (name === 'sizes') expect(value, payload).toBe(POST_IMAGE_SIZES);
        if (name === 'style') expect(value, payload).toMatch(/^color:\s*[#\w(),.%\s]+;?$/i);
        if (name === 'style') expect(value, payload).not.toMatch(/url|expression|\\/i);
        // Classes: Quill's code-block markup and the highlighter's tokens, nothing of the app's own.
        if (name === 'class') for (const token of value.split(/\s+/)) expect(token, payload).toMatch(/^(ql-code-block(-container)?|hljs-[a-z0-9-]+)$/);
      }
    }
    const children = 'childNodes' in node ? node.childNodes : [];
    children.forEach(walk);
    if ('content' in node && node.content) walk(node.content as Node);
  };
  walk(parseFragment(html) as unknown as Node);
}

const payloads = loadXssPayloads();
const OWN = [
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<svg><p><style><img src=x onerror=alert(1)></style></p></svg>',
  '<span style="color:red;background:url(javascript:alert(1))">x</span>',
  '<span style="color: expression(alert(1))">x</span>',
  '<span style="color:red" onmouseover="alert(1)">x</span>',
  '<a href="jav&#x09;ascript:alert(1)">a</a><a href="&#106;&#97;vascript:alert(1)">b</a><a href=" JaVaScRiPt:alert(1)">c</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">d</a><a href="vbscript:msgbox(1)">v</a>',
  '<img src="javascript:alert(1)"><img src="data:image/svg+xml,<svg onload=alert(1)>"><img src="//evil.example/x.png">',
  '<form action="javascript:alert(1)"><input autofocus onfocus=alert(1)></form><iframe src="https://evil.example"></iframe>',
  '<p><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><link rel=stylesheet href=x></p>',
  '<object data="x.swf"></object><embed src="x.swf"><template><img src=x onerror=alert(1)></template>',
  // Issue 13's allowances: figures, captions, alt text, dividers and highlighted code.
  '<figure onload="alert(1)" onclick="alert(1)" style="background:url(javascript:alert(1))"><img src="https://a.example/x.png" alt="x" onerror="alert(1)"><figcaption onmouseover="alert(1)"><script>alert(1)</script>c</figcaption></figure>',
  '<img src="https://a.example/x.png" alt="&quot; onerror=&quot;alert(1)"><img src="https://a.example/y.png" alt=\'" onload="alert(1)\'><img src="https://a.example/z.png" alt="&lt;script&gt;alert(1)&lt;/script&gt;">',
  '<pre data-language="javascript"><span class="hljs-keyword" onclick="alert(1)">x</span><script>alert(1)</script><img src=x onerror=alert(1)></pre>',
  '<pre data-language="x&quot; onmouseover=&quot;alert(1)">&lt;script&gt;alert(1)&lt;/script&gt;</pre><pre data-language="xml">&lt;img src=x onerror=alert(1)&gt;</pre>',
  '<span class="hljs-keyword" onmouseover="alert(1)" style="background:url(x)">k</span><hr onclick="alert(1)" style="x"><figcaption><a href="javascript:alert(1)">c</a></figcaption>',
  '<pre><code class="language-html" onclick="alert(1)">&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>',
];

describe('description sanitiser', () => {
  it('leaves nothing that can run from any known payload', () => {
    for (const payload of [...payloads, ...OWN]) expectInert(sanitizeDescription(payload), payload);
  });

  it('has a checker that catches what could run', () => {
    for (const raw of [
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:x">a</a>',
      '<p style="background:url(x)">p</p>',
      '<svg></svg>',
      '<img src="/x.webp" srcset="javascript:alert(1) 1w">',
    ]) {
      expect(() => expectInert(raw, raw)).toThrow();
    }
  });

  it('keeps every format of the editor', () => {
    const image = `/storage/ab/cd/${'ab'.repeat(32)}.webp`;
    const html = [
      '<h1>Title</h1><h2>Part</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p><blockquote>q</blockquote>',
      '<ol><li>one</li></ol><ul><li>dot</li></ul><ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>raw</li></ol>',
      '<p><a href="https://example.com/x?a=1&amp;b=2">link</a> <span style="color: rgb(230, 0, 0);">red</span> <span style="color: #06c;">blue</span></p>',
      `<p><img src="${image}"><img src="https://cdn.example.com/a.png" alt="A"></p>`,
      '<pre data-language="javascript">const a = 1 &lt; 2;</pre>',
      '<div class="ql-code-block-container" spellcheck="false"><div class="ql-code-block" data-language="plain">x = 1</div></div>',
    ].join('');
    const out = sanitizeDescription(html);
    for (const kept of [
      '<h1>Title</h1>',
      '<h2>Part</h2>',
      '<strong>b</strong>',
      '<em>i</em>',
      '<u>u</u>',
      '<s>s</s>',
      '<blockquote>q</blockquote>',
      '<ol><li>one</li></ol>',
      '<ul><li>dot</li></ul>',
    ]) {
      expect(out).toContain(kept);
    }
    expect(out).toContain('<li data-list="bullet">raw</li>');
    expect(out).not.toContain('ql-ui');
    expect(out).toContain('<a href="https://example.com/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">link</a>');
    expect(out).toContain('<span style="color:rgb(230, 0, 0)">red</span>');
    expect(out).toContain('<span style="color:#06c">blue</span>');
    expect(out).toContain(`<img src="${image}" />`);
    expect(out).toContain('<img src="https://cdn.example.com/a.png" alt="A" />');
    expect(out).toContain(
      '<pre data-language="javascript">\n<span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span> &lt; <span class="hljs-number">2</span>;\n</pre>',
    );
    expect(out).toContain('<div class="ql-code-block-container"><div class="ql-code-block" data-language="plain">x = 1</div></div>');
    expect(storageImagePaths(out)).toEqual([image.slice('/storage/'.length)]);
  });

  it('keeps images as figures with alt text and a caption, and the divider, with no attribute of their own', () => {
    const image = `/storage/ab/cd/${'ab'.repeat(32)}.webp`;
    const out = sanitizeDescription(
      `<figure class="x" onload="alert(1)"><img src="${image}" alt=" A  &quot;map&quot; &amp; <legend> " title="t"><figcaption id="c">Rivers, <em>1900</em></figcaption></figure><hr class="y">`,
    );
    expect(out).toBe(`<figure><img src="${image}" alt="A &quot;map&quot; &amp; &lt;legend&gt;" /><figcaption>Rivers, <em>1900</em></figcaption></figure><hr />`);
    // A figure whose image is dropped goes with its caption; an empty alt is no alt.
    expect(sanitizeDescription('<figure><img src="http://x.example/a.png"><figcaption>gone</figcaption></figure><p>kept</p>')).toBe('<p>kept</p>');
    expect(sanitizeDescription(`<figure><img src="${image}" alt="  "></figure>`)).toBe(`<figure><img src="${image}" /></figure>`);
    expect(storageImagePaths(out)).toEqual([image.slice('/storage/'.length)]);
  });

  it('gives hljs classes only to the spans it makes inside code blocks', () => {
    const out = sanitizeDescription('<p><span class="hljs-keyword hljs-x evil">k</span></p><pre data-language="python">\nif x:\n    pass\n</pre>');
    expect(out).toBe('<p><span>k</span></p><pre data-language="python">\n<span class="hljs-keyword">if</span> x:\n    <span class="hljs-keyword">pass</span>\n</pre>');
    // The page keeps them as stored, and no other class.
    expect(sanitizeForPage(out)).toBe(out);
    expect(sanitizeForPage('<span class="hljs-string evil" onclick="alert(1)">s</span>')).toBe('<span class="hljs-string">s</span>');
  });

  it('drops images that are neither ours nor https, and what is not in the editor', () => {
    const out = sanitizeDescription('<img src="http://x.example/a.png"><img src="/api/user/logout"><img src="../x.webp"><h3>h3</h3><table><tr><td>cell</td></tr></table>');
    expect(out).toBe('h3cell');
  });
});

describe('the page’s sanitiser (server rendering)', () => {
  const image = `/storage/ab/cd/${'ab'.repeat(32)}.webp`;
  /** Each payload's images also given forged sizes, srcset, sizes and loading. */
  const forged = (payload: string) =>
    payload.replace(/<img/gi, '<img width="1200" height="600" srcset="javascript:alert(1) 1w, //evil.example/x.webp 2w" sizes="100vw" loading="eager" decoding="sync"');

  it('leaves nothing that can run from any known payload, with forged image attributes or without', () => {
    for (const payload of [...payloads, ...OWN]) {
      expectInert(sanitizeForPage(payload), payload);
      expectInert(sanitizeForPage(forged(payload)), forged(payload));
    }
  });

  it('sizes images inside figures as it does the others', () => {
    const stored = sanitizeDescription(`<figure><img src="${image}" alt="Map"><figcaption>A map</figcaption></figure>`);
    const sized = sizeBodyImages(stored, new Map([[image.slice('/storage/'.length), { width: 1200, height: 600 }]]));
    expect(sized).toBe(
      `<figure><img src="${image}" alt="Map" width="1200" height="600" srcset="${imageSrcSet(image, 1200)}" sizes="${POST_IMAGE_SIZES}" loading="lazy" decoding="async" />` +
        '<figcaption>A map</figcaption></figure>',
    );
    expect(sanitizeForPage(sized)).toBe(sized);
  });

  it('keeps the width, height, srcset, sizes, loading and decoding the reading path gives stored images', () => {
    const stored = sanitizeDescription(`<p><img src="${image}" alt="Map"><img src="https://cdn.example.com/a.png"></p>`);
    const sized = sizeBodyImages(stored, new Map([[image.slice('/storage/'.length), { width: 1200, height: 600 }]]));
    expect(sized).toContain(`srcset="${imageSrcSet(image, 1200)}"`);
    expect(sanitizeForPage(sized)).toBe(sized);
    expect(sized).toBe(
      `<p><img src="${image}" alt="Map" width="1200" height="600" srcset="${imageSrcSet(image, 1200)}" sizes="${POST_IMAGE_SIZES}" loading="lazy" decoding="async" />` +
        '<img src="https://cdn.example.com/a.png" loading="lazy" decoding="async" /></p>',
    );
  });

  it('rebuilds srcset and sizes from the src and width, never keeping the input’s, and drops sizes that are not numbers', () => {
    const out = sanitizeForPage(`<img src="${image}" width="1200" height="600" srcset="/storage/evil.webp 400w" sizes="1px" loading="eager">`);
    expect(out).toBe(`<img src="${image}" width="1200" height="600" srcset="${imageSrcSet(image, 1200)}" sizes="${POST_IMAGE_SIZES}" loading="lazy" decoding="async" />`);
    for (const [width, height] of [
      ['12px', '5'],
      ['0', '5'],
      ['1e3', '5'],
      ['100', ''],
      ['-5', '5'],
      ['9999999', '5'],
    ]) {
      expect(sanitizeForPage(`<img src="${image}" width="${width}" height="${height}" srcset="x 1w">`), `${width}×${height}`).toBe(
        `<img src="${image}" loading="lazy" decoding="async" />`,
      );
    }
    // An image from elsewhere has no copies and no size we know.
    expect(sanitizeForPage('<img src="https://cdn.example.com/a.png" width="800" height="400" srcset="https://cdn.example.com/b.png 2x">')).toBe(
      '<img src="https://cdn.example.com/a.png" loading="lazy" decoding="async" />',
    );
  });

  it('stores bodies without any of them: sizes live in the image ledger', () => {
    expect(sanitizeDescription(`<img src="${image}" width="1200" height="600" srcset="${imageSrcSet(image, 1200)}" sizes="100vw" loading="lazy" decoding="async">`)).toBe(
      `<img src="${image}" />`,
    );
  });
});

describe('description through the API', () => {
  let t: TestApp;
  let me: Session;
  beforeAll(async () => {
    t = await buildTestApp();
    me = await signIn(t.app, await aUser(t.db));
  });
  afterAll(() => t.close());

  it('stores every payload inert, through add-post and posts/update', async () => {
    const { id } = await createPost(t, me, { title: '<script>alert(1)</script>', description: OWN[0] });
    const category = await firstCategoryId(t);
    for (const payload of [...payloads, ...OWN]) {
      const res = await send(t, 'posts/update', { id, user_id: me.id, title: 'T', sub_title: 'S', category_id: category, description: payload }, me);
      expect(res.statusCode, payload).toBe(200);
      const row = await t.db.selectFrom('posts').select('description').where('id', '=', id).executeTakeFirstOrThrow();
      expectInert(row.description, payload);
    }
  });

  it('highlights code on add-post, posts/update and drafts/save, and stores a body saved again as it was', async () => {
    const body =
      '<h1>Code</h1><pre data-language="py">\ndef f():\n    return "&lt;script&gt;alert(1)&lt;/script&gt;"\n</pre><figure><img src="https://cdn.example.com/a.png" alt="A"><figcaption>Cap</figcaption></figure><hr>';
    const highlighted =
      '<h1>Code</h1><pre data-language="py">\n<span class="hljs-keyword">def</span> <span class="hljs-title">f</span>():\n    <span class="hljs-keyword">return</span> ' +
      '<span class="hljs-string">"&lt;script&gt;alert(1)&lt;/script&gt;"</span>\n</pre><figure><img src="https://cdn.example.com/a.png" alt="A" /><figcaption>Cap</figcaption></figure><hr />';
    const descriptionOf = async (id: number) => (await t.db.selectFrom('posts').select('description').where('id', '=', id).executeTakeFirstOrThrow()).description;
    const { id } = await createPost(t, me, { description: body });
    expect(await descriptionOf(id)).toBe(highlighted);
    // The editor sends the highlighted body back as plain code; sent as it is stored, nothing changes either.
    const category = await firstCategoryId(t);
    for (const description of [body, highlighted]) {
      const res = await send(t, 'posts/update', { id, user_id: me.id, title: 'T', sub_title: 'S', category_id: category, description }, me);
      expect(res.statusCode).toBe(200);
      expect(await descriptionOf(id)).toBe(highlighted);
    }
    const draft = await t.app.inject({ method: 'POST', url: '/api/user/drafts/save', payload: { title: 'D', description: body }, headers: me.headers });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json().draft.description).toBe(highlighted);
  });

  it('stores title and sub_title as plain text, trimmed', async () => {
    const post = await createPost(t, me, { title: '  <b>Bold</b> claim  ', sub_title: ' a & b ' });
    const row = await t.db.selectFrom('posts').select(['title', 'sub_title']).where('id', '=', post.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: '<b>Bold</b> claim', sub_title: 'a & b' });
  });
});
