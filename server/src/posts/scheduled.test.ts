import { DRAFT_MESSAGES, SCHEDULE_MAX_DAYS } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aUser, signIn } from '../test/factories.ts';
import { firstCategoryId } from './testing.ts';
import { createSuspensions } from '../moderation/suspensions.service.ts';

/** Scheduled posts (issue 13): published when due, once, whatever number of app servers look. */
let t: TestApp;
let category: number;
beforeAll(async () => {
  t = await buildTestApp({ config: { feedCacheMs: 60_000 } });
  category = await firstCategoryId(t);
});
afterAll(() => t.close());

const call = (app: TestApp, path: string, payload: object, as?: Session) => app.app.inject({ method: 'POST', url: `/api/user${path}`, payload, headers: as?.headers ?? {} });
const inMinutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

async function scheduledDraft(as: Session, title: string, at = inMinutes(10)) {
  const saved = await call(t, '/drafts/save', { title, sub_title: 'Later', category_id: category, description: '<p>Soon</p>' }, as);
  const id = saved.json().draft.id as number;
  const res = await call(t, '/drafts/schedule', { id, publish_at: at }, as);
  expect(res.statusCode, res.body).toBe(200);
  return { id, at: res.json().draft.publish_at as string };
}

const postsTitled = (title: string) => t.db.selectFrom('posts').select(['id', 'user_id', 'title']).where('title', '=', title).execute();

describe('scheduling a draft', () => {
  it('refuses a time in the past, too far ahead, or an incomplete draft, and can be cancelled', async () => {
    const me = await signIn(t.app, await aUser(t.db));
    const partial = (await call(t, '/drafts/save', { title: 'Just a title' }, me)).json().draft.id as number;
    const past = await call(t, '/drafts/schedule', { id: partial, publish_at: inMinutes(-1) }, me);
    expect(past.json().errors.publish_at[0]).toBe(DRAFT_MESSAGES.scheduleInPast);
    const far = await call(t, '/drafts/schedule', { id: partial, publish_at: inMinutes((SCHEDULE_MAX_DAYS + 1) * 24 * 60) }, me);
    expect(far.json().errors.publish_at[0]).toBe(DRAFT_MESSAGES.scheduleTooFar);
    expect((await call(t, '/drafts/schedule', { id: partial, publish_at: 'tomorrow' }, me)).statusCode).toBe(422);
    const incomplete = await call(t, '/drafts/schedule', { id: partial, publish_at: inMinutes(5) }, me);
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().errors.sub_title).toBeDefined();

    const { id, at } = await scheduledDraft(me, 'Planned');
    expect(Date.parse(at)).toBeGreaterThan(Date.now());
    // While scheduled it must stay publishable: emptying its title is refused.
    expect((await call(t, '/drafts/save', { id, title: '', sub_title: 'Later', category_id: category }, me)).statusCode).toBe(422);
    const cancelled = await call(t, '/drafts/schedule', { id, publish_at: null }, me);
    expect(cancelled.json()).toMatchObject({ message: DRAFT_MESSAGES.unscheduled, draft: { id, publish_at: null } });
    expect(await t.app.scheduledPosts.runOnce(inMinutes(60))).toBe(0);
  });

  it('publishes a due draft once, in the feed at once, and leaves drafts not yet due', async () => {
    const me = await signIn(t.app, await aUser(t.db));
    const title = `Scheduled ${Date.now()}`;
    const { id } = await scheduledDraft(me, title, inMinutes(10));
    const later = await scheduledDraft(me, `${title} later`, inMinutes(30));
    const feed = async () => (await call(t, '/view-posts', {})).body;
    expect(await feed()).not.toContain(title); // and the feed page is kept now

    expect(await t.app.scheduledPosts.runOnce(inMinutes(5))).toBe(0);
    expect(await t.app.scheduledPosts.runOnce(inMinutes(11))).toBe(1);
    expect(await postsTitled(title)).toEqual([expect.objectContaining({ user_id: me.id })]);
    expect(await feed()).toContain(title); // the kept page was dropped by the publishing
    expect((await call(t, '/drafts/details', { id }, me)).statusCode).toBe(404);
    expect((await call(t, '/drafts/details', { id: later.id }, me)).statusCode).toBe(200);
    expect(await t.app.scheduledPosts.runOnce(inMinutes(11))).toBe(0);
    const count = await t.db.selectFrom('users').select('post_count').where('id', '=', me.id).executeTakeFirstOrThrow();
    expect(count.post_count).toBe(1);
  });

  it('keeps a suspended writer’s due draft scheduled, and publishes it once they are back', async () => {
    const me = await signIn(t.app, await aUser(t.db));
    const title = `Held ${Date.now()}`;
    await scheduledDraft(me, title, inMinutes(10));
    const suspensions = createSuspensions(t.db, 'http://localhost:3000');
    await suspensions.suspend(me.id, { reason: 'Spam.', by: 'command line' });
    expect(await t.app.scheduledPosts.runOnce(inMinutes(11))).toBe(0);
    expect(await postsTitled(title)).toEqual([]);
    await suspensions.lift(me.id, 'command line');
    expect(await t.app.scheduledPosts.runOnce(inMinutes(11))).toBe(1);
    expect(await postsTitled(title)).toEqual([expect.objectContaining({ user_id: me.id })]);
  });

  it('makes one post of a due draft that the scheduler and the writer’s Publish take at once', async () => {
    const me = await signIn(t.app, await aUser(t.db));
    const title = `Taken once ${Date.now()}`;
    const drafts = [await scheduledDraft(me, `${title} 0`, inMinutes(1)), await scheduledDraft(me, `${title} 1`, inMinutes(2))];
    const [published, ...answers] = await Promise.all([
      t.app.scheduledPosts.runOnce(inMinutes(3)), // due: these two only (the test above left one due in 30 minutes)
      ...drafts.map((d) => call(t, '/drafts/publish', { id: d.id }, me)),
    ]);
    const byWriter = answers.filter((r) => r.statusCode === 201).length;
    expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 404)).toBe(true);
    expect(published + byWriter).toBe(2);
    for (const i of [0, 1]) expect(await postsTitled(`${title} ${i}`)).toHaveLength(1);
  });

  // Two handles of one SQLite file in one process would block each other's event loop (better-sqlite3
  // waits synchronously for the write lock): there, cluster.test.ts races real processes instead.
  it.runIf(process.env.INKWELL_TEST_DB === 'postgres')('makes one post of each due draft while two app servers and the writer’s Publish race for it', async () => {
    const other = await t.another();
    try {
      const me = await signIn(t.app, await aUser(t.db));
      const title = `Raced ${Date.now()}`;
      const drafts = [];
      for (let i = 0; i < 6; i += 1) drafts.push(await scheduledDraft(me, `${title} ${i}`, inMinutes(1 + i)));
      const due = inMinutes(8); // these six (an earlier test left one due in 30 minutes)
      const [a, b, c, d] = await Promise.all([
        t.app.scheduledPosts.runOnce(due),
        other.app.scheduledPosts.runOnce(due),
        other.app.scheduledPosts.runOnce(due), // shares the round under way
        call(t, '/drafts/publish', { id: drafts[0]!.id }, me).then((r) => (r.statusCode === 201 ? 1 : 0)),
      ]);
      expect(a + b + d).toBe(6);
      expect(c).toBe(b);
      for (let i = 0; i < 6; i += 1) expect(await postsTitled(`${title} ${i}`)).toHaveLength(1);
      const count = await t.db.selectFrom('users').select('post_count').where('id', '=', me.id).executeTakeFirstOrThrow();
      expect(count.post_count).toBe(6);
      expect(await t.db.selectFrom('drafts').select('id').where('user_id', '=', me.id).execute()).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('shows a draft through its secret link until the link is turned off or renewed', async () => {
    const me = await signIn(t.app, await aUser(t.db, { name: 'Previewer' }));
    const saved = await call(t, '/drafts/save', { title: 'Peek', sub_title: 'Early', description: '<p>Read me first</p>' }, me);
    const id = saved.json().draft.id as number;
    const on = await call(t, '/drafts/preview', { id, enabled: true }, me);
    expect(on.json().message).toBe(DRAFT_MESSAGES.previewOn);
    const url = on.json().draft.preview_url as string;
    const token = decodeURIComponent(url.split('/preview/')[1]!);
    expect(token.length).toBeGreaterThanOrEqual(24);
    const read = (tk: string) => call(t, '/draft-preview', { token: tk });
    const shown = await read(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().preview).toMatchObject({ title: 'Peek', description: '<p>Read me first</p>', author: { id: me.id, name: 'Previewer' } });
    expect(shown.json().preview).not.toHaveProperty('id');

    const renewed = (await call(t, '/drafts/preview', { id, enabled: true }, me)).json().draft.preview_url as string;
    expect(renewed).not.toBe(url);
    expect((await read(token)).json()).toEqual({ message: DRAFT_MESSAGES.previewNotFound });
    await call(t, '/drafts/preview', { id, enabled: false }, me);
    expect((await read(decodeURIComponent(renewed.split('/preview/')[1]!))).statusCode).toBe(404);
    expect((await read('x'.repeat(101))).statusCode).toBe(422);
  });
});
