import fs from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath } from './support/browser.ts';
import { type Session, type World, startWorld, stopWorld, verifiedUser } from './support/world.ts';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(() => stopWorld(world));

const picture = (r: number, g: number, b: number) =>
  sharp({ create: { width: 320, height: 180, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** A multipart POST to /api/user/{path} with the session headers, as an API client sends it. */
async function send(session: Session, url: string, fields: Record<string, string | Buffer>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.set(name, value);
    else form.set(name, new Blob([new Uint8Array(value)], { type: 'image/png' }), `${name}.png`);
  }
  const res = await fetch(`${world.server.url}/api/user/${url}`, { method: 'POST', headers: { token: session.token, id: session.id }, body: form });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
}

describe('Download your data, in Chromium', () => {
  it('downloads a zip of a post with its images and code, as Markdown, from a signed-in page', async () => {
    const session = await verifiedUser(world, 'journey.exporter@example.com', 'Export#2026');
    const categories = (await (await fetch(`${world.server.url}/api/user/categories`)).json()) as { categories: Array<{ id: number; name: string }> };
    const category = categories.categories[0]!;
    const body = (await send(session, 'upload-image', { user_id: session.id, image: await picture(20, 120, 90) })) as { path: string };
    const description = [
      '<h1>Field notes</h1>',
      '<p>Some <strong>bold</strong> and <em>quiet</em> words.</p>',
      '<div class="ql-code-block-container"><div class="ql-code-block" data-language="javascript">const answer = 42;</div><div class="ql-code-block" data-language="javascript">  console.log(answer);</div></div>',
      `<p><img src="/storage/${body.path}" alt="A green field"></p>`,
    ].join('');
    const created = (await send(session, 'add-post', {
      user_id: session.id,
      title: 'Field notes: exporting',
      sub_title: 'Everything, in one zip',
      category_id: String(category.id),
      description,
      image: await picture(79, 70, 229),
    })) as { post: { id: number; image: string } };
    const { post } = created;

    // Settings › Account › Download your data: the browser saves the zip the server streams.
    const context = await world.browser.newContext({ acceptDownloads: true });
    await context.addCookies([
      { name: 'token', value: session.token, url: world.server.url, httpOnly: true },
      { name: 'id', value: session.id, url: world.server.url },
    ]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const answer = page.waitForResponse((res) => res.url().endsWith('/api/user/export-data'));
    await page.goto(`${world.server.url}/settings`);
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download your data' }).click();
    const res = await answer;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/zip');
    expect(res.headers()['content-disposition']).toBe(`attachment; filename="inkwell-${session.id}-${new Date().toISOString().slice(0, 10)}.zip"`);
    expect(res.headers()['cache-control']).toBe('no-store');
    await page.getByText(/Your download has started/).waitFor();
    await page.screenshot({ path: artifactPath('settings-download-1280.png') });
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(`inkwell-${session.id}-${new Date().toISOString().slice(0, 10)}.zip`);
    const saved = artifactPath('export.zip');
    await download.saveAs(saved);
    await context.close();
    expect(errors).toEqual([]);

    const files = unzipSync(new Uint8Array(await fs.readFile(saved)));
    const text = (name: string) => Buffer.from(files[name] ?? new Uint8Array()).toString('utf8');
    const hash = (stored: string) => stored.slice(stored.lastIndexOf('/') + 1);
    const postFile = `posts/${post.id}-field-notes-exporting.md`;
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'profile.json',
        postFile,
        `images/${hash(post.image)}`,
        `images/${hash(body.path)}`,
        'comments.json',
        'replies.json',
        'likes.json',
        'saves.json',
        'follows.json',
        'topics.json',
        'notifications.json',
        'blocked.json',
        'banned_from_comments.json',
        'help_requests.json',
        'reports.json',
        'reading_history.json',
        'newsletter_subscribers.json',
        'feed_tuning.json',
      ].sort(),
    );
    expect(text(postFile)).toMatch(/^---\nid: \d+\ntitle: "Field notes: exporting"\nsubtitle: "Everything, in one zip"\n/);
    expect(text(postFile)).toContain(`category: ${JSON.stringify(category.name)}\n`);
    expect(text(postFile)).toContain(`cover_image: "images/${hash(post.image)}"\n`);
    expect(text(postFile)).toContain(
      `# Field notes\n\nSome **bold** and _quiet_ words.\n\n\`\`\`javascript\nconst answer = 42;\n  console.log(answer);\n\`\`\`\n\n![A green field](../images/${hash(body.path)})\n`,
    );
    for (const stored of [post.image, body.path]) {
      const onDisk = await fs.readFile(path.join(world.server.dataDir, 'storage', ...stored.split('/')));
      expect(Buffer.from(files[`images/${hash(stored)}`]!).equals(onDisk)).toBe(true);
    }
    expect(JSON.parse(text('profile.json'))).toMatchObject({ id: Number(session.id), email: 'journey.exporter@example.com' });
    expect(text('README.txt')).toContain('1 post,');
    const everything = Object.keys(files).map(text).join('\n');
    expect(everything).not.toContain(session.token);
    expect(everything).not.toContain('Export#2026');
  });
});
