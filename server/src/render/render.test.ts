import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEXT, encodeId, paths } from '@inkwell/contract';
import { NEWSLETTER_SUBSCRIBE_FORM } from '@inkwell/contract/newsletters';
import { loadXssPayloads } from '../../../testdata/xss.ts';
import { type TestApp, buildRenderingTestApp } from '../test/app.ts';
import { aPost, aStoryElsewhere, aUser, anAccountElsewhere, signIn } from '../test/factories.ts';

/**
 * Pages rendered on the server from the web app's own components (web/dist-ssr), read as a browser
 * without JavaScript would: the content is in the HTML, missing things answer 404, nothing injected runs.
 */
const root = path.resolve(import.meta.dirname, '../../..');
let t: TestApp;

beforeAll(async () => {
  t = await buildRenderingTestApp();
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const dom = (html: string) => new JSDOM(html).window.document;
/** The text a reader sees in #root (no script has run). */
const visible = (html: string) => dom(html).getElementById('root')?.textContent ?? '';

async function comment(session: { headers: Record<string, string> }, userId: number, postId: number, text: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/comment',
    headers: session.headers,
    payload: { user_id: userId, post_id: postId, comments: text },
  });
  expect(res.statusCode).toBe(200);
}

describe('pages rendered on the server', () => {
  it('holds a post: title, author, date, body, comments, its head tags and the data the browser hydrates with', async () => {
    const author = await aUser(t.db, { name: 'Nadia Okafor' });
    const reader = await aUser(t.db, { name: 'Tomás Reyes' });
    const post = await aPost(t.db, {
      userId: author.id,
      title: 'Night trains of Europe',
      subTitle: 'Sleeping through borders',
      description: '<p>The couchette rattles past <strong>Linz</strong> at midnight.</p>',
    });
    await comment(await signIn(t.app, reader), reader.id, post.id, 'I took the one to Vienna last spring.');

    const res = await get(paths.viewPost.getHref(post.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const text = visible(res.body);
    for (const expected of [
      'Night trains of Europe',
      'Sleeping through borders',
      'Nadia Okafor',
      'The couchette rattles past Linz at midnight.',
      'I took the one to Vienna last spring.',
      'Tomás Reyes',
    ]) {
      expect(text).toContain(expected);
    }
    const document = dom(res.body);
    expect(document.title).toBe('Night trains of Europe · Inkwell');
    expect(document.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(`${t.config.publicUrl}${paths.viewPost.getHref(post.id)}`);
    expect(document.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('Night trains of Europe');
    const article = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(article).toMatchObject({ '@type': 'Article', headline: 'Night trains of Europe', author: { name: 'Nadia Okafor' } });
    const state = JSON.parse(document.getElementById('inkwell-state')!.textContent!);
    expect(state.queries.some((q: { queryKey: unknown[] }) => q.queryKey[1] === 'detail')).toBe(true);
  });

  it('holds a story of an account elsewhere under its handle and a link to the original, marked noindex, with no Follow', async () => {
    const account = await anAccountElsewhere(t.db, 'Far Writer');
    const story = await aStoryElsewhere(t.db, account, { title: 'Letters from the peer' });
    const res = await get(paths.viewPost.getHref(story.id));
    expect(res.statusCode).toBe(200);
    const document = dom(res.body);
    const from = document.querySelector('[data-testid="from-elsewhere"]');
    expect(from?.textContent).toMatch(/^From @\S+ · Original$/);
    const original = [...from!.querySelectorAll('a')].find((a) => a.textContent === 'Original');
    const url = (await t.db.selectFrom('posts').select('url').where('id', '=', story.id).executeTakeFirstOrThrow()).url;
    expect(original?.getAttribute('href')).toBe(url);
    expect(original?.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    expect(visible(res.body)).toContain('Far Writer');
    expect(visible(res.body)).not.toMatch(/Follow|new stories by email/i);
    expect(document.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex');
    expect(document.querySelector('link[rel=canonical]')).toBeNull();
    // Its account's profile here announces the site's feed only: no author feed, no actor of ours (both would answer 404).
    const profile = dom((await get(paths.viewProfile.getHref(account.id))).body);
    expect(profile.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex');
    expect([...profile.querySelectorAll('link[rel=alternate]')].map((link) => link.getAttribute('href'))).toEqual([`${t.config.publicUrl}/rss.xml`]);
  });

  it('answers 404 with the not-found page for a missing post, a missing profile and an unknown path', async () => {
    const author = await aUser(t.db);
    const gone = await aPost(t.db, { userId: author.id });
    await t.db.deleteFrom('posts').where('id', '=', gone.id).execute();
    for (const url of [paths.viewPost.getHref(gone.id), '/view-post/not-an-id', paths.viewProfile.getHref(999_999), '/no/such/page']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(dom(res.body).querySelector('meta[name=robots]')?.getAttribute('content'), url).toBe('noindex');
    }
    expect(visible((await get('/no/such/page')).body)).toContain(TEXT.notFoundTitle);
    expect(visible((await get(paths.viewPost.getHref(gone.id))).body)).toContain('Post not found');
  });

  it('holds a draft behind its secret preview link, marked noindex, and answers 404 once the link is off', async () => {
    const writer = await aUser(t.db, { name: 'Drafting Writer' });
    const session = await signIn(t.app, writer);
    const api = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/user/${url}`, headers: session.headers, payload });
    const saved = await api('drafts/save', { title: 'Not out yet', sub_title: 'A peek', description: '<p>Early words <script>alert(1)</script></p>' });
    const id = saved.json().draft.id as number;
    const url = new URL((await api('drafts/preview', { id, enabled: true })).json().draft.preview_url as string);
    const res = await get(url.pathname);
    expect(res.statusCode).toBe(200);
    const page = dom(res.body);
    expect(page.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex');
    const text = visible(res.body);
    for (const words of ['Not out yet', 'A peek', 'Early words', 'Drafting Writer']) expect(text).toContain(words);
    expect(page.querySelector('#root script')).toBeNull();
    await api('drafts/preview', { id, enabled: false });
    const off = await get(url.pathname);
    expect(off.statusCode).toBe(404);
    expect(dom(off.body).querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex');
  });

  it('holds a profile with its posts, and the home feed’s first page', async () => {
    const author = await aUser(t.db, { name: 'Ines Rossi' });
    await aPost(t.db, { userId: author.id, title: 'Designing for the tired reader' });
    const profile = visible((await get(paths.viewProfile.getHref(author.id))).body);
    expect(profile).toContain('Ines Rossi');
    expect(profile).toContain('Designing for the tired reader');
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(visible(home.body)).toContain('Designing for the tired reader');
  });

  it('announces its RSS feeds: the site’s on every page, the author’s on a profile, each one answering', async () => {
    const author = await aUser(t.db, { name: 'Feed Writer' });
    await aPost(t.db, { userId: author.id, title: 'A post for the feed' });
    const feeds = (html: string) => [...dom(html).querySelectorAll('link[rel=alternate][type="application/rss+xml"]')].map((l) => l.getAttribute('href'));
    const site = `${t.config.publicUrl}/rss.xml`;
    expect(feeds((await get('/')).body)).toEqual([site]);
    const onProfile = feeds((await get(paths.viewProfile.getHref(author.id))).body);
    expect(onProfile[0]).toBe(site);
    expect(onProfile).toHaveLength(2);
    for (const href of onProfile) {
      const res = await get(href!.slice(t.config.publicUrl.length));
      expect(res.statusCode, href!).toBe(200);
    }
    expect((await get(onProfile[1]!.slice(t.config.publicUrl.length))).body).toContain('A post for the feed');
    // With federation off, no ActivityPub object is announced (federation/page-links.ts: only with it on).
    expect(dom((await get(paths.viewProfile.getHref(author.id))).body).querySelector('link[type="application/activity+json"]')).toBeNull();
  });

  it('names the chunks of the screens it shows for the browser to fetch side by side once painted, beside those index.html names', async () => {
    const author = await aUser(t.db);
    const post = await aPost(t.db, { userId: author.id });
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'web/dist/.vite/manifest.json'), 'utf8')) as Record<string, { file: string; dynamicImports?: string[] }>;
    const document = dom((await get(paths.viewPost.getHref(post.id))).body);
    // Inert until the page is painted (web/src/main.ts moves them into the head): no link outside the template.
    expect(document.querySelectorAll('link[rel=modulepreload]')).toHaveLength(0);
    const modulesOf = (page: Document) =>
      [...(page.querySelector<HTMLTemplateElement>('head > template#inkwell-modules')?.content.querySelectorAll('link[rel=modulepreload]') ?? [])].map((link) =>
        link.getAttribute('href')!,
      );
    const preloads = modulesOf(document);
    expect(preloads).toContain(`/${manifest['src/app/routes/view-post.tsx']!.file}`);
    // The app the entry starts once the page is painted (web/src/main.ts), and no file twice.
    expect(preloads).toContain(`/${manifest[manifest['index.html']!.dynamicImports![0]!]!.file}`);
    expect(new Set(preloads).size).toBe(preloads.length);
    for (const href of preloads) expect(fs.existsSync(path.join(root, 'web/dist', href)), href).toBe(true);
    const home = dom((await get('/')).body);
    const homePreloads = modulesOf(home);
    expect(homePreloads).toContain(`/${manifest['src/app/routes/home.tsx']!.file}`);
    expect(homePreloads).not.toContain(`/${manifest['src/app/routes/view-post.tsx']!.file}`);
  });

  it('renders the sign-in forms, and a signed-in reader’s page as theirs (their session in the state)', async () => {
    expect(visible((await get('/login')).body)).toMatch(/Login|Welcome/);
    expect((await get('/signup')).statusCode).toBe(200);
    const reader = await aUser(t.db, { name: 'Signed In' });
    const session = await signIn(t.app, reader);
    const res = await get('/', { cookie: `token=${session.token}; id=${reader.id}` });
    expect(dom(res.body).getElementById('inkwell-state')?.dataset.session).toBe(String(reader.id));
    // A forged cookie pair renders for a visitor.
    const forged = await get('/', { cookie: `token=nope; id=${reader.id}` });
    expect(dom(forged.body).getElementById('inkwell-state')?.dataset.session).toBe('');
  });

  it('renders each screen once with all its data: its `load` asks for every call its parts make', async () => {
    const author = await aUser(t.db, { name: 'Load Writer' });
    const post = await aPost(t.db, { userId: author.id, title: 'Loaded before it renders' });
    const reader = await aUser(t.db, { name: 'Load Reader' });
    const session = await signIn(t.app, reader);
    // A comment and a reply: their parts (menus, likes, a reply's author) ask for data of their own.
    await comment(session, reader.id, post.id, 'A comment that asks for more.');
    const warn = vi.spyOn(t.app.log, 'warn');
    const urls = [
      '/',
      paths.viewPost.getHref(post.id),
      paths.viewProfile.getHref(author.id),
      paths.categoryPosts.getHref(post.categoryId),
      '/login',
      '/signup',
      '/verified',
      '/no/such/page',
    ];
    urls.push(paths.newsletterConfirm.getHref('no-such-token'), paths.newsletterUnsubscribe.getHref('1.no-such-signature'));
    // Each Home tab the address may name (a visitor's Following is For you; the old Fediverse tab is Following).
    urls.push('/?tab=following', '/?tab=fediverse', `/?tab=catogery&category=${encodeId(post.categoryId)}`);
    for (const cookie of ['', `token=${session.token}; id=${reader.id}`]) {
      for (const url of urls) expect((await get(url, cookie ? { cookie } : {})).statusCode, url).toBeLessThan(500);
    }
    const missed = warn.mock.calls.filter((call) => String(call[1]).includes('had not loaded'));
    warn.mockRestore();
    expect(missed.map((call) => call[0])).toEqual([]);
  });

  it('keeps every known payload inert: no script, handler or javascript: address reaches the page', async () => {
    const payloads = loadXssPayloads();
    const author = await aUser(t.db, { name: payloads[0]! });
    const session = await signIn(t.app, author);
    for (const [index, payload] of payloads.entries()) {
      const post = await aPost(t.db, { userId: author.id, title: payload, subTitle: payload, description: `<p>${index}</p>${payload}` });
      await comment(session, author.id, post.id, payload);
      for (const url of [paths.viewPost.getHref(post.id), ...(index % 40 === 0 ? ['/', paths.viewProfile.getHref(author.id)] : [])]) {
        const document = dom((await get(url)).body);
        for (const script of document.querySelectorAll('script')) {
          const type = script.getAttribute('type');
          const ok = type === 'application/json' || type === 'application/ld+json' || (type === 'module' && /^\/assets\//.test(script.getAttribute('src') ?? ''));
          expect(ok, `${url}: ${script.outerHTML.slice(0, 120)}`).toBe(true);
        }
        for (const element of document.querySelectorAll('*')) {
          for (const attribute of element.getAttributeNames()) {
            expect(attribute.startsWith('on'), `${payload} → <${element.tagName} ${attribute}>`).toBe(false);
            if (['href', 'src', 'action', 'formaction', 'xlink:href', 'srcdoc'].includes(attribute)) {
              // As the browser parses it: a scheme that runs code never survives.
              const scheme = new URL(element.getAttribute(attribute)!, 'https://inkwell.test/').protocol;
              expect(['javascript:', 'vbscript:', 'data:'], `${payload} → ${attribute}`).not.toContain(scheme);
            }
            // A srcset names copies of our own stored images only.
            if (attribute === 'srcset' || attribute === 'imagesrcset') {
              for (const candidate of element.getAttribute(attribute)!.split(',')) expect(candidate.trim(), payload).toMatch(/^\/storage\/\S+\.webp \d+w$/);
            }
          }
        }
        expect(document.querySelectorAll('iframe, object, embed, style, base, meta[http-equiv]').length, payload).toBe(0);
        // The page's own forms only (they work before the app's scripts run: render/forms.ts).
        const ours = ['/search', paths.login.getHref(), paths.home.getHref(), paths.viewPost.getHref(post.id), NEWSLETTER_SUBSCRIBE_FORM];
        for (const form of document.querySelectorAll('form[action]')) expect(ours, `${payload} → ${form.outerHTML.slice(0, 120)}`).toContain(form.getAttribute('action'));
        // Search, the comment and the story's "Get new stories by email".
        expect(document.querySelectorAll('form').length, payload).toBeLessThanOrEqual(3);
      }
    }
  }, 240_000);

  it('sends a rendered page compressed when the client accepts it, the same page in every form', async () => {
    const author = await aUser(t.db, { name: 'Compressed Writer' });
    const post = await aPost(t.db, { userId: author.id, title: 'Squeezed but whole' });
    const url = paths.viewPost.getHref(post.id);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await get(url, { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const bodies = [zlib.brotliDecompressSync(br.rawPayload).toString(), zlib.gunzipSync(gz.rawPayload).toString()];
    for (const body of bodies) expect(visible(body)).toBe(visible(plain.body));
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('keeps rendered pages, a signed-in reader’s too: the calls a render makes never drop the cache', async () => {
    const cached = await buildRenderingTestApp({ feedCacheMs: 60_000 });
    try {
      const author = await aUser(cached.db, { name: 'Cached Writer' });
      const post = await aPost(cached.db, { userId: author.id, title: 'Kept in memory' });
      const reader = await aUser(cached.db);
      const session = await signIn(cached.app, reader);
      const cookie = `token=${session.token}; id=${reader.id}`;
      const renderedAt = async (url: string, headers: Record<string, string> = {}) =>
        dom((await cached.app.inject({ method: 'GET', url, headers })).body).getElementById('inkwell-state')?.dataset.renderedAt;
      for (const url of ['/', paths.viewPost.getHref(post.id), paths.viewProfile.getHref(author.id)]) {
        for (const headers of [{}, { cookie }] as Record<string, string>[]) {
          const first = await renderedAt(url, headers);
          expect(first, url).toBeTruthy();
          expect(await renderedAt(url, headers), `${url} ${JSON.stringify(headers)}`).toBe(first);
        }
      }
      // A write drops them.
      const before = await renderedAt('/');
      await new Promise((resolve) => setTimeout(resolve, 5));
      const liked = await cached.app.inject({ method: 'POST', url: '/api/user/like', headers: session.headers, payload: { user_id: reader.id, post_id: post.id, status: 1 } });
      expect(liked.statusCode).toBe(200);
      expect(await renderedAt('/')).not.toBe(before);
    } finally {
      await cached.close();
    }
  });

  it('serves the shell for a member’s own screens', async () => {
    const settings = await get('/settings');
    expect(settings.statusCode).toBe(200);
    expect(dom(settings.body).getElementById('root')?.children.length).toBe(0);
  });
});
