import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeId } from '@inkwell/contract';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aPost, aUser } from '../test/factories.ts';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><title>Inkwell</title></head><body><div id="root"></div></body></html>');
  await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  await fs.mkdir(path.join(dist, 'images'));
  await fs.writeFile(path.join(dist, 'images', 'default-post.jpg'), 'jpeg');
  t = await buildTestApp({ config: { webDistDir: dist } });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

describe('the web app', () => {
  it.each(['/', '/login', '/verified?success=true&message=hi', '/view-post/abcdef', '/recommended/xyz', '/edit-post/12'])('serves index.html for the screen %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends the strict Content-Security-Policy with every HTML answer: no inline script, style or eval', async () => {
    for (const url of ['/', '/login', '/no/such/page', '/view-post/abcdef', '/assets/app-abc123.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toMatch(/style-src 'self' https:\/\/accounts\.google\.com\/gsi\/style(;|$)/);
      expect(csp, url).toContain("script-src-attr 'none'");
      expect(csp, url).not.toContain('unsafe-inline');
      expect(csp, url).not.toContain('unsafe-eval');
    }
    // A call's answer (here the mailed link's redirect) is never a page: it allows nothing at all.
    const redirect = await t.app.inject({ method: 'GET', url: '/api/user/verify-email?token=x' });
    expect(redirect.statusCode).toBe(303);
    expect(redirect.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('answers an unknown screen with the app and a 404 status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it.each(['/assets/app-old999.js', '/assets/index-old999.css', '/favicon.png', '/apple-touch-icon-precomposed.png', '/wp-login.php'])(
    'answers the missing file %s with a short plain 404, not a rendered page',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('Not found.');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('still renders a screen whose id holds a dot', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/view-post/abc.def' });
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
  });

  it('serves hashed assets with long immutable caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('lets other sites show the default pictures (mails read in webmail), and nothing else', async () => {
    const picture = await t.app.inject({ method: 'GET', url: '/images/default-post.jpg' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const script = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('keeps /api answers in JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });
});

describe('link previews', () => {
  it('puts the post’s Open Graph and Twitter card tags in the HTML of its page, escaped', async () => {
    const author = await aUser(t.db, { name: 'Grace "Amazing" Hopper' });
    const { id } = await aPost(t.db, {
      userId: author.id,
      title: 'Bugs & <script>alert(1)</script> moths',
      subTitle: 'The first "actual case" of a bug',
      image: 'ab/cd/cover.webp',
    });
    const res = await t.app.inject({ method: 'GET', url: `/view-post/${encodeId(id)}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<meta property="og:title" content="Bugs &amp; &lt;script&gt;alert(1)&lt;/script&gt; moths">');
    expect(html).toContain('<meta property="og:description" content="The first &quot;actual case&quot; of a bug">');
    expect(html).toContain('<meta property="og:image" content="http://localhost:3000/storage/ab/cd/cover.webp">');
    expect(html).toContain(`<meta property="og:url" content="http://localhost:3000/view-post/${encodeId(id)}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta name="author" content="Grace &quot;Amazing&quot; Hopper">');
    expect(html).toContain('<title>Bugs &amp; &lt;script&gt;alert(1)&lt;/script&gt; moths · Inkwell</title>');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<div id="root">');
  });

  it('serves the plain app for a post that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/view-post/${encodeId(999999)}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('og:title');
  });
});
