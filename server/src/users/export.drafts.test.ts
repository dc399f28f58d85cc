import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstCategoryId, send } from '../posts/testing.ts';
import { aJpeg, imagePart } from '../storage/testing.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aUser, signIn } from '../test/factories.ts';
import { Archive, exportServer, readPost } from './export.testkit.ts';

/** "Download your data" holds the member's drafts (issue 13): each as Markdown, with the images they use. */
let t: TestApp;
let server: FastifyInstance;
let me: Session;
let archive: Archive;
const ids = { plain: 0, scheduled: 0, untitled: 0 };
const files = { cover: '', body: '' };
let when = '';

const call = (url: string, session: Session, body: object) =>
  t.app.inject({ method: 'POST', url: `/api/user/${url}`, payload: { user_id: session.id, ...body }, headers: session.headers });
const upload = async (session: Session) => ((await send(t, 'upload-image', { image: imagePart(await aJpeg()) }, session)).json() as { path: string }).path;
const hash = (stored: string) => stored.slice(stored.lastIndexOf('/') + 1);

beforeAll(async () => {
  t = await buildTestApp();
  server = await exportServer(t);
  me = await signIn(t.app, await aUser(t.db, { name: 'Drafting Member' }));
  const other = await signIn(t.app, await aUser(t.db));
  const category = await firstCategoryId(t);
  files.cover = await upload(me);
  files.body = await upload(me);
  const save = async (as: Session, body: object) => (await call('drafts/save', as, body)).json().draft.id as number;
  ids.plain = await save(me, { title: 'Half a thought', description: '<p>Only <strong>started</strong>.</p>' });
  ids.scheduled = await save(me, {
    title: 'Out on Friday',
    sub_title: 'Planned',
    category_id: category,
    image: files.cover,
    description: `<p>Ready.</p><p><img src="/storage/${files.body}" alt="A chart"></p>`,
  });
  ids.untitled = await save(me, { description: '<p>No title yet</p>' });
  when = new Date(Date.now() + 3 * 86_400_000).toISOString();
  expect((await call('drafts/schedule', me, { id: ids.scheduled, publish_at: when })).statusCode).toBe(200);
  await save(other, { title: 'SOMEBODY ELSE’S DRAFT', description: '<p>NOT YOURS</p>' });

  const res = await server.inject({ method: 'POST', url: '/api/user/export-data', payload: { user_id: me.id }, headers: me.headers });
  expect(res.statusCode, res.body).toBe(200);
  archive = new Archive(res.rawPayload);
});
afterAll(async () => {
  await server?.close();
  await t?.close();
});

describe('drafts in the data export', () => {
  it('writes each draft as Markdown with front matter, scheduled ones with their time, and the images they use', () => {
    const drafts = archive.names.filter((name) => name.startsWith('drafts/'));
    expect(drafts).toEqual([`drafts/${ids.plain}-half-a-thought.md`, `drafts/${ids.scheduled}-out-on-friday.md`, `drafts/${ids.untitled}-untitled.md`].sort());
    const plain = readPost(archive.text(`drafts/${ids.plain}-half-a-thought.md`));
    expect(plain.meta).toMatchObject({ id: ids.plain, title: 'Half a thought', subtitle: '', category: null, scheduled_for: null, cover_image: null });
    expect(plain.body.trim()).toBe('Only **started**.');
    const scheduled = readPost(archive.text(`drafts/${ids.scheduled}-out-on-friday.md`));
    expect(scheduled.meta).toMatchObject({ title: 'Out on Friday', subtitle: 'Planned', scheduled_for: when, cover_image: `images/${hash(files.cover)}` });
    expect(scheduled.body).toContain(`![A chart](../images/${hash(files.body)})`);
    expect(archive.names).toEqual(expect.arrayContaining([`images/${hash(files.cover)}`, `images/${hash(files.body)}`]));
  });

  it('counts them in the README and holds nobody else’s', () => {
    expect(archive.text('README.txt')).toMatch(/drafts\/\s+3 drafts not published yet/);
    expect(archive.everything()).not.toContain('SOMEBODY ELSE');
    expect(archive.everything()).not.toContain('NOT YOURS');
  });
});
