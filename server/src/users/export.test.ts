import fs from 'node:fs/promises';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeId } from '@inkwell/contract';
import { createPost, firstCategoryId, send } from '../posts/testing.ts';
import { aJpeg, imagePart } from '../storage/testing.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aUser, signIn } from '../test/factories.ts';
import { Archive, exportServer, readPost, storageOf } from './export.testkit.ts';

let t: TestApp;
let server: FastifyInstance;
let me: Session;
let other: Session;
let otherEmail: string;
const ids = { postA: 0, postB: 0, theirPost: 0, myComment: 0, theirComment: 0, myReply: 0, category: 0, follower: 0, followed: 0, blocked: 0 };
const files = { cover: '', body: '', picture: '' };

const call = (url: string, session: Session, body: object) =>
  t.app.inject({ method: 'POST', url: `/api/user/${url}`, payload: { user_id: session.id, ...body }, headers: session.headers });
const exportData = (session: Session | null, userId: unknown) =>
  server.inject({ method: 'POST', url: '/api/user/export-data', payload: { user_id: userId }, headers: session?.headers ?? {} });

const BODY = [
  '<h1>Getting started</h1><h2>A smaller heading</h2>',
  '<p>Plain, <strong>bold</strong>, <em>italic</em>, <u>underlined</u>, <s>struck</s> and <span style="color: rgb(230, 0, 0);">red</span> words.</p>',
  '<ol><li data-list="bullet">a bullet</li><li data-list="bullet">another</li></ol>',
  '<ol><li data-list="ordered">first</li><li data-list="ordered">second</li></ol>',
  '<blockquote>A quiet quote</blockquote>',
  '<div class="ql-code-block-container"><div class="ql-code-block" data-language="javascript">function add(a, b) {</div><div class="ql-code-block" data-language="javascript">  return a &lt; b ? b : a;</div><div class="ql-code-block" data-language="javascript">}</div></div>',
  '<p>See <a href="https://example.com/guide" target="_blank">the guide</a>.</p>',
].join('');

beforeAll(async () => {
  t = await buildTestApp();
  server = await exportServer(t);
  me = await signIn(t.app, await aUser(t.db, { name: 'Ada Export' }));
  const otherUser = await aUser(t.db, { name: 'Bo Other' });
  otherEmail = otherUser.email;
  other = await signIn(t.app, otherUser);
  const follower = await signIn(t.app, await aUser(t.db, { name: 'Cy Follower' }));
  const blocked = await aUser(t.db, { name: 'Di Blocked' });
  ids.followed = (await aUser(t.db, { name: 'Ed Followed' })).id;
  ids.follower = follower.id;
  ids.blocked = blocked.id;
  ids.category = await firstCategoryId(t);

  const profile = await send(t, 'update-profile', { id: me.id, username: 'ada_export', bio: 'Engines.', profile_picture: imagePart(await aJpeg()) }, me);
  expect(profile.statusCode, profile.body).toBe(200);
  files.picture = (await t.db.selectFrom('users').select('profile_picture').where('id', '=', me.id).executeTakeFirstOrThrow()).profile_picture!;
  const upload = await send(t, 'upload-image', { user_id: me.id, image: imagePart(await aJpeg()) }, me);
  files.body = (upload.json() as { path: string }).path;
  const description = `${BODY}<p><img src="/storage/${files.body}" alt="A diagram"></p>`;
  const postA = await createPost(t, me, { title: 'Notes: on "quiet" writing', sub_title: 'What counts', description });
  ids.postA = postA.id;
  files.cover = postA.image;
  ids.postB = (await createPost(t, me, { title: 'Crème brûlée', description: '<p>Short.</p>', image: undefined })).id;
  ids.theirPost = (await createPost(t, other, { title: 'Their post', description: '<p>THEIR OWN BODY</p>' })).id;

  await call('like', me, { post_id: ids.theirPost, status: 1 });
  await call('posts/save', me, { post_id: ids.theirPost, save_unsave: 1 });
  ids.myComment = (await call('comment', me, { post_id: ids.theirPost, comments: 'My comment on their post' })).json().id;
  ids.theirComment = (await call('comment', other, { post_id: ids.postA, comments: 'THEIR COMMENT ON MY POST' })).json().id;
  ids.myReply = (await call('replies', me, { post_id: ids.postA, comment_id: ids.theirComment, reply: 'My reply to them' })).json().id;
  await call('replies', other, { post_id: ids.postA, comment_id: ids.theirComment, reply: 'THEIR REPLY' });
  await call('like', other, { post_id: ids.postA, status: 1 });
  await call('follow-unfollow', me, { follow_id: other.id, followType: 1 });
  await call('follow-unfollow', me, { follow_id: ids.followed, followType: 1 });
  await call('follow-unfollow', follower, { follow_id: me.id, followType: 1 });
  await call('selected-category', me, { category_id: ids.category, status: 'active' });
  await call('help', me, { message: 'Please help me' });
  await call('help', other, { message: 'THEIR HELP REQUEST' });
  // My report of their comment, and theirs of my post: only mine is in my archive, and nobody's name.
  expect((await call('report', me, { kind: 'comment', target_id: ids.theirComment, category: 'spam', note: 'Selling something' })).statusCode).toBe(201);
  expect((await call('report', other, { kind: 'post', target_id: ids.postA, category: 'other', note: 'THEIR REPORT' })).statusCode).toBe(201);
  expect((await call('block', me, { block_id: blocked.id, status: 1 })).statusCode).toBe(200);
  // Who blocked me is their choice, not my data (and it ends my following them).
  expect((await call('block', other, { block_id: me.id, status: 1 })).statusCode).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await t?.close();
});

const hash = (stored: string) => stored.slice(stored.lastIndexOf('/') + 1);
const url = (kind: 'view-post' | 'view-profile', id: number) => `${t.config.publicUrl}/${kind}/${encodeId(id)}`;

describe('POST /api/user/export-data', () => {
  let archive: Archive;
  let headers: Record<string, unknown>;
  beforeAll(async () => {
    const res = await exportData(me, me.id);
    expect(res.statusCode, res.body).toBe(200);
    headers = res.headers;
    archive = new Archive(res.rawPayload);
  });

  it('answers a zip to download, named after the user name and the day, never cached', () => {
    expect(headers['content-type']).toBe('application/zip');
    expect(headers['content-disposition']).toBe(`attachment; filename="inkwell-ada_export-${new Date().toISOString().slice(0, 10)}.zip"`);
    expect(headers['cache-control']).toBe('no-store');
  });

  it('holds every file, and only those', () => {
    expect(archive.names).toEqual(
      [
        'README.txt',
        'profile.json',
        `posts/${ids.postA}-notes-on-quiet-writing.md`,
        `posts/${ids.postB}-creme-brulee.md`,
        `images/${hash(files.cover)}`,
        `images/${hash(files.body)}`,
        `images/${hash(files.picture)}`,
        'comments.json',
        'replies.json',
        'likes.json',
        'saves.json',
        'follows.json',
        'topics.json',
        'notifications.json',
        'newsletter_subscribers.json',
        'blocked.json',
        'banned_from_comments.json',
        'help_requests.json',
        'reports.json',
        'reading_history.json',
        'feed_tuning.json',
      ].sort(),
    );
  });

  it('keeps each image exactly as stored', async () => {
    const storage = storageOf(t);
    for (const stored of [files.cover, files.body, files.picture]) {
      expect(archive.bytes(`images/${hash(stored)}`).equals(await fs.readFile(storage.resolve(stored)!))).toBe(true);
    }
  });

  it('writes the profile without any secret', async () => {
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', me.id).executeTakeFirstOrThrow();
    expect(archive.json('profile.json')).toEqual({
      id: me.id,
      email: row.email,
      email_verified: true,
      email_verified_at: row.email_verified_at,
      name: 'Ada Export',
      username: 'ada_export',
      bio: 'Engines.',
      profile_picture: `images/${hash(files.picture)}`,
      profile_url: url('view-profile', me.id),
      sign_in: { password: true, google: false },
      mail_notifications: { like: true, comment: true, follow: true, help: true, post: false },
      keep_reading_history: false,
      counts: { posts: 2, followers: 1, following: 1 },
      created_at: row.created_at,
      updated_at: row.updated_at,
    });
  });

  it('writes each post as Markdown with front matter, its images pointing into the archive', async () => {
    const category = (await t.db.selectFrom('categories').select('name').where('id', '=', ids.category).executeTakeFirstOrThrow()).name;
    const row = await t.db.selectFrom('posts').selectAll().where('id', '=', ids.postA).executeTakeFirstOrThrow();
    const { meta, body } = readPost(archive.text(`posts/${ids.postA}-notes-on-quiet-writing.md`));
    expect(meta).toEqual({
      id: ids.postA,
      title: 'Notes: on "quiet" writing',
      subtitle: 'What counts',
      category,
      created_at: row.created_at,
      updated_at: row.updated_at,
      likes_count: 1,
      comments_count: 3, // their comment, my reply, their reply
      read_time: row.read_time,
      cover_image: `images/${hash(files.cover)}`,
      url: url('view-post', ids.postA),
    });
    expect(body).toBe(
      [
        '# Getting started',
        '## A smaller heading',
        'Plain, **bold**, _italic_, underlined, ~~struck~~ and red words.',
        '- a bullet\n- another',
        '1. first\n2. second',
        '> A quiet quote',
        '```javascript\nfunction add(a, b) {\n  return a < b ? b : a;\n}\n```',
        'See [the guide](https://example.com/guide).',
        `![A diagram](../images/${hash(files.body)})`,
      ].join('\n\n') + '\n',
    );
    const b = readPost(archive.text(`posts/${ids.postB}-creme-brulee.md`));
    expect(b.meta).toMatchObject({ title: 'Crème brûlée', cover_image: null, likes_count: 0, comments_count: 0 });
    expect(b.body).toBe('Short.\n');
  });

  it('lists my comments, replies, likes, saves, follows, topics, blocks, help requests and notifications', async () => {
    const post = { post_id: ids.theirPost, post_title: 'Their post', post_url: url('view-post', ids.theirPost) };
    expect(archive.json('comments.json')).toEqual([
      { id: ids.myComment, ...post, body: 'My comment on their post', created_at: expect.any(String), updated_at: expect.any(String) },
    ]);
    expect(archive.json('replies.json')).toEqual([
      {
        id: ids.myReply,
        comment_id: ids.theirComment,
        post_id: ids.postA,
        post_title: 'Notes: on "quiet" writing',
        post_url: url('view-post', ids.postA),
        body: 'My reply to them',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
    expect(archive.json('likes.json')).toEqual([{ ...post, created_at: expect.any(String) }]);
    expect(archive.json('saves.json')).toEqual([{ ...post, created_at: expect.any(String) }]);
    const person = (id: number, name: string) => ({ id, name, username: null, created_at: expect.any(String), profile_url: url('view-profile', id) });
    expect(archive.json('follows.json')).toEqual({ following: [person(ids.followed, 'Ed Followed')], followers: [person(ids.follower, 'Cy Follower')] });
    expect(archive.json('topics.json')).toEqual([expect.objectContaining({ id: ids.category, created_at: expect.any(String) })]);
    expect(archive.json('blocked.json')).toEqual([{ blocker_id: me.id, blocked_id: ids.blocked, blocked_name: 'Di Blocked', created_at: expect.any(String) }]);
    expect(archive.json('help_requests.json')).toEqual([{ id: expect.any(Number), message: 'Please help me', status: 'open', created_at: expect.any(String) }]);
    expect(archive.json('reports.json')).toEqual([
      { id: expect.any(Number), kind: 'comment', target_id: ids.theirComment, category: 'spam', note: 'Selling something', status: 'open', created_at: expect.any(String) },
    ]);
    const mine = await t.db.selectFrom('notifications').select(['id', 'type', 'message']).where('user_id', '=', me.id).orderBy('id').execute();
    expect(mine.length).toBeGreaterThan(0);
    expect(archive.json<Array<{ id: number; type: string; message: string }>>('notifications.json').map(({ id, type, message }) => ({ id, type, message }))).toEqual(mine);
  });

  it('says what is inside, when it was made and how dates are written', () => {
    const readme = archive.text('README.txt');
    expect(readme).toMatch(/It was made on \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\./);
    expect(readme).toContain('ISO 8601, in UTC');
    expect(readme).toContain('2 posts');
    expect(readme).toContain('3 images');
    expect(readme).toContain('1 comment you wrote');
    expect(readme).not.toContain('could not be found');
  });

  it("holds nothing of another member's and no secret", async () => {
    const everything = archive.everything();
    const users = await t.db.selectFrom('users').select(['password_hash', 'email']).execute();
    const sessions = await t.db.selectFrom('sessions').select('token_hash').execute();
    const secrets = [
      ...users.map((u) => u.password_hash!),
      ...sessions.map((s) => s.token_hash),
      me.token,
      other.token,
      otherEmail,
      ...users.map((u) => u.email).filter((email) => email !== archive.json<{ email: string }>('profile.json').email),
    ];
    expect(secrets.length).toBeGreaterThan(6);
    for (const secret of secrets) expect(everything).not.toContain(secret);
    for (const theirs of ['THEIR OWN BODY', 'THEIR COMMENT ON MY POST', 'THEIR REPLY', 'THEIR HELP REQUEST']) expect(everything).not.toContain(theirs);
    // They blocked me: not in my archive.
    expect(archive.json<unknown[]>('blocked.json')).toHaveLength(1);
  });
});

describe('who may download', () => {
  it('refuses a visitor (401), another member’s user_id (403) and a malformed one (422)', async () => {
    expect((await exportData(null, me.id)).statusCode).toBe(401);
    const res = await exportData(other, me.id);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('ada_export');
    expect((await exportData(me, [me.id])).statusCode).toBe(422);
  });

  it('is rate-limited per address', async () => {
    const limited = await exportServer(t, { max: 1, windowMs: 60_000 });
    try {
      expect((await limited.inject({ method: 'POST', url: '/api/user/export-data', payload: { user_id: other.id }, headers: other.headers })).statusCode).toBe(200);
      const second = await limited.inject({ method: 'POST', url: '/api/user/export-data', payload: { user_id: other.id }, headers: other.headers });
      expect(second.statusCode).toBe(429);
      expect(second.json().message).toMatch(/^Too many requests/);
    } finally {
      await limited.close();
    }
  });
});

describe('over a real connection', () => {
  it('streams the archive as it is made, and lets go of a reader who hangs up halfway', async () => {
    const address = new URL(await server.listen({ port: 0, host: '127.0.0.1' }));
    const payload = JSON.stringify({ user_id: me.id });
    const request = () =>
      http.request({
        host: address.hostname,
        port: address.port,
        path: '/api/user/export-data',
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', ...me.headers },
      });
    // Hang up after the first chunk: the server lets the connection go.
    const abandoned = request();
    const response = await new Promise<http.IncomingMessage>((resolve) => abandoned.on('response', resolve).end(payload));
    expect(response.statusCode).toBe(200);
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.headers['content-length']).toBeUndefined();
    await new Promise((resolve) => response.once('data', resolve));
    abandoned.destroy();
    await expect.poll(() => new Promise((resolve) => server.server.getConnections((_err, n) => resolve(n)))).toBe(0);
    // And answers the next one in full.
    const next = request();
    const zip = await new Promise<Buffer>((resolve) =>
      next
        .on('response', async (res: http.IncomingMessage) => {
          const chunks: Buffer[] = [];
          for await (const chunk of res) chunks.push(chunk as Buffer);
          resolve(Buffer.concat(chunks));
        })
        .end(payload),
    );
    expect(new Archive(zip).names).toContain(`posts/${ids.postA}-notes-on-quiet-writing.md`);
  });
});
