import { encodeId } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aPost, aUser, signIn } from '../test/factories.ts';
import { Archive } from './export.testkit.ts';

/**
 * "Download your data" holds the personal library and the For you tuning (issue 13): whether the
 * history is kept (profile.json), the stories in it (reading_history.json), the topics asked more or
 * less of and the muted authors (feed_tuning.json), and nobody else's.
 */
let t: TestApp;
let me: Session;
let other: Session;
let archive: Archive;
const ids = { read: 0, alsoRead: 0, theirRead: 0, more: 0, less: 0, muted: 0 };

const call = (url: string, session: Session, body: object) =>
  t.app.inject({ method: 'POST', url: `/api/user/${url}`, payload: { user_id: session.id, ...body }, headers: session.headers });
const ok = async (url: string, session: Session, body: object = {}) => {
  const res = await call(url, session, body);
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
};

beforeAll(async () => {
  t = await buildTestApp();
  me = await signIn(t.app, await aUser(t.db, { name: 'Ada Library' }));
  other = await signIn(t.app, await aUser(t.db, { name: 'Bo Other' }));
  const author = await aUser(t.db, { name: 'Cy Author' });
  ids.muted = (await aUser(t.db, { name: 'Di Muted' })).id;
  ids.read = (await aPost(t.db, { userId: author.id, title: 'Read first' })).id;
  ids.alsoRead = (await aPost(t.db, { userId: author.id, title: 'Read second' })).id;
  ids.theirRead = (await aPost(t.db, { userId: author.id, title: 'THEIR READING' })).id;
  const [more, less] = await t.db.selectFrom('categories').select('id').orderBy('id').limit(2).execute();
  ids.more = more!.id;
  ids.less = less!.id;

  await ok('history/settings', me, { enabled: 1 });
  await ok('history/add', me, { post_id: ids.alsoRead });
  await ok('history/add', me, { post_id: ids.read });
  await ok('history/settings', other, { enabled: 1 });
  await ok('history/add', other, { post_id: ids.theirRead });
  await ok('feed-tuning/set', me, { kind: 'more', target_id: ids.more, on: 1 });
  await ok('feed-tuning/set', me, { kind: 'less', target_id: ids.less, on: 1 });
  await ok('feed-tuning/set', me, { kind: 'mute', target_id: ids.muted, on: 1 });
  await ok('feed-tuning/set', other, { kind: 'mute', target_id: author.id, on: 1 });

  const res = await call('export-data', me, {});
  expect(res.statusCode, res.body).toBe(200);
  archive = new Archive(res.rawPayload);
});
afterAll(() => t?.close());

const postUrl = (id: number) => `${t.config.publicUrl}/view-post/${encodeId(id)}`;

describe('the export of the personal library and the For you tuning', () => {
  it('says the history is kept, in profile.json', () => {
    expect(archive.json('profile.json')).toMatchObject({ keep_reading_history: true });
  });

  it('lists the stories of the reading history with when each was last opened, and only mine', async () => {
    const rows = await t.db.selectFrom('reading_history').select(['post_id', 'read_at']).where('user_id', '=', me.id).orderBy('post_id').execute();
    expect(archive.json('reading_history.json')).toEqual(
      rows.map((r) => ({ post_id: r.post_id, post_title: r.post_id === ids.read ? 'Read first' : 'Read second', read_at: r.read_at, post_url: postUrl(r.post_id) })),
    );
    expect(rows.map((r) => r.post_id)).toEqual([ids.read, ids.alsoRead].sort((a, b) => a - b));
    expect(archive.everything()).not.toContain('THEIR READING');
  });

  it('holds the topics asked more or less of and the muted authors', async () => {
    const topics = await t.db.selectFrom('categories').select(['id', 'name', 'slug']).where('id', 'in', [ids.more, ids.less]).orderBy('id').execute();
    expect(archive.json('feed_tuning.json')).toEqual({
      topics: topics.map((c) => ({ ...c, choice: c.id === ids.more ? 'more' : 'less', created_at: expect.any(String) })),
      muted_authors: [
        { id: ids.muted, name: 'Di Muted', username: null, created_at: expect.any(String), profile_url: `${t.config.publicUrl}/view-profile/${encodeId(ids.muted)}` },
      ],
    });
    expect(archive.everything()).not.toContain('Cy Author');
  });

  it('counts them in the README', () => {
    const readme = archive.text('README.txt');
    expect(readme).toMatch(/reading_history\.json 2 stories in your reading history/);
    expect(readme).toMatch(/"topics": 2 topics you asked more or less of/);
    expect(readme).toMatch(/"muted_authors": 1 author you left out of it/);
  });

  it('says so when the history is off', async () => {
    await ok('history/settings', me, { enabled: 0 });
    const res = await call('export-data', me, {});
    expect(new Archive(res.rawPayload).json('profile.json')).toMatchObject({ keep_reading_history: false });
  });
});
