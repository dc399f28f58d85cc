import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@inkwell/contract';
import { loadXssPayloads } from '../testdata/xss.ts';
import { artifactPath } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { type Session, type World, callApi, startWorld, stopWorld, verifiedUser } from './support/world.ts';

const api = (path: string, body: unknown, session?: Session) => callApi(world, path, body, session ? { ...session } : {});
const aVerifiedUser = (email: string) => verifiedUser(world, email, password);

/** 160 known payloads (testdata/xss-payloads.json), plus a few of our own. */
const payloads: string[] = [
  ...loadXssPayloads(),
  '<a href="jav&#x09;ascript:alert(1)">tab</a>',
  '<p style="background:url(javascript:alert(1))">style</p>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<details open ontoggle=alert(1)>',
  '<iframe srcdoc="<script>parent.alert(1)</script>"></iframe>',
];

let world: World;
let server: RunningServer;
let browser: Browser;
const password = 'Hacker#2026';

beforeAll(async () => {
  world = await startWorld();
  ({ server, browser } = world);
});

afterAll(() => stopWorld(world));

describe('cross-site scripting in Chromium', () => {
  it('runs none of the payloads in a post body, its title or its comments', async () => {
    const writer = await aVerifiedUser('xss.writer@example.com');
    const categories = (await (await fetch(`${server.url}/api/user/categories`)).json()) as { categories: Array<{ id: number }> };

    const form = new FormData();
    form.set('user_id', writer.id);
    form.set('title', '<script>alert("title")</script> <img src=x onerror=alert(1)>');
    form.set('sub_title', '"><svg onload=alert("sub")>');
    form.set('category_id', String(categories.categories[0]!.id));
    form.set('description', payloads.map((p) => `<p>${p}</p>`).join('\n'));
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .png()
      .toBuffer();
    form.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'x.png');
    const created = await fetch(`${server.url}/api/user/add-post`, { method: 'POST', headers: { ...writer }, body: form });
    const createdJson = (await created.json()) as { post?: { id: number } };
    expect(created.status, JSON.stringify(createdJson)).toBeLessThan(300);
    const postId = createdJson.post!.id;

    // Comments and replies are plain text: payloads in them must show as typed.
    const commentText = '<script>alert("comment")</script><img src=x onerror=alert(2)>';
    const comment = await api('comment', { user_id: Number(writer.id), post_id: postId, comments: commentText }, writer);
    expect(comment.status).toBeLessThan(300);
    const replyText = '<svg/onload=alert("reply")>';
    expect((await api('replies', { user_id: Number(writer.id), post_id: postId, comment_id: comment.json.id, reply: replyText }, writer)).status).toBeLessThan(300);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => {
      const seen: unknown[] = [];
      (window as unknown as { __xss: unknown[] }).__xss = seen;
      for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
        (window as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
          seen.push([name, ...args]);
          return null;
        };
      }
    });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));

    await page.goto(`${server.url}${paths.viewPost.getHref(postId)}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.getByTestId('comment').first().waitFor();
    await page.getByRole('button', { name: 'See 1 more replies...' }).click();
    // Hover and focus everything once: handlers on mouseover/focus must not exist either.
    await page.mouse.move(400, 400);
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(1500);

    expect(await page.evaluate(() => (window as unknown as { __xss: unknown[] }).__xss)).toEqual([]);
    expect(dialogs).toEqual([]);

    // The DOM holds no live script, handler or javascript: URL in the page's content.
    const dangerous = await page.evaluate(() => {
      const found: string[] = [];
      for (const element of Array.from(document.querySelectorAll('main *'))) {
        const tag = element.tagName.toLowerCase();
        if (['script', 'iframe', 'object', 'embed', 'frame', 'base', 'meta', 'link', 'style'].includes(tag)) found.push(tag);
        if (tag === 'form' && element.closest('article')) found.push('form in the body');
        for (const attr of Array.from(element.attributes) as Attr[]) {
          if (/^on/i.test(attr.name)) found.push(`${tag}[${attr.name}]`);
          if (/^\s*(javascript|vbscript|data):/i.test(attr.value) && /href|src|action|formaction|xlink:href/i.test(attr.name)) {
            found.push(`${tag}[${attr.name}=${attr.value.slice(0, 40)}]`);
          }
        }
      }
      return found;
    });
    expect(dangerous).toEqual([]);

    // The body did render (the sanitised survivors of the payloads are there).
    expect((await page.locator('article').textContent())!.length).toBeGreaterThan(400);
    expect(await page.locator('article').textContent()).toContain('＜script＞alert(123)＜/script＞');

    // Title, subtitle, comment and reply show as the text that was typed.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('<script>alert("title")</script>');
    expect(await page.getByText(commentText, { exact: true }).count()).toBe(1);
    expect(await page.getByText(replyText, { exact: true }).count()).toBe(1);
    await page.screenshot({ path: artifactPath('xss-post.png'), fullPage: false });

    // The home card renders the same title as text too.
    await page.goto(`${server.url}/`);
    await page.getByTestId('post-card').first().waitFor();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __xss: unknown[] }).__xss)).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
