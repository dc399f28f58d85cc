import type { PostCard } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { PASSWORD, type Session, type TestUser, aPost, aUser, anAccountElsewhere, signIn } from '../test/factories.ts';

/** The tuning calls (issue 13): own only, validated, idempotent under bursts, gone with the account. */
let t: TestApp;
let categories: Array<{ id: number; name: string }>;

beforeAll(async () => {
  t = await buildTestApp();
  categories = await t.db.selectFrom('categories').select(['id', 'name']).orderBy('id').execute();
});
afterAll(() => t.close());

interface Member {
  user: TestUser;
  session: Session;
}
async function aMember(name: string): Promise<Member> {
  const user = await aUser(t.db, { name });
  return { user, session: await signIn(t.app, user) };
}
const call = (app: TestApp['app'], path: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/api/user/${path}`, payload, headers });
const set = (m: Member, kind: string, target: unknown, on: unknown = 1, app = t.app) =>
  call(app, 'feed-tuning/set', { user_id: m.user.id, kind, target_id: target, on }, m.session.headers);
const rows = async (userId: number) => ({
  topics: await t.db.selectFrom('feed_topic_tuning').select(['category_id', 'choice']).where('user_id', '=', userId).orderBy('category_id').execute(),
  muted: await t.db.selectFrom('feed_author_mutes').select('author_id').where('user_id', '=', userId).orderBy('author_id').execute(),
});

describe('feed-tuning calls', () => {
  it('lists, sets and resets the caller’s own tuning, with names and pictures', async () => {
    const me = await aMember('Tuner');
    const ada = await aUser(t.db, { name: 'Ada Lovelace' });
    await t.db.updateTable('users').set({ profile_picture: 'ab/cd/ada.webp' }).where('id', '=', ada.id).execute();
    const [science, art] = categories;
    expect((await call(t.app, 'feed-tuning', { user_id: me.user.id }, me.session.headers)).json()).toEqual({ tuning: { more: [], less: [], muted: [] } });

    const more = await set(me, 'more', science!.id);
    expect(more.statusCode).toBe(200);
    expect(more.json()).toMatchObject({ message: `You’ll see more of ${science!.name} in For you.`, previous: null });
    const less = await set(me, 'less', science!.id);
    // The topic holds one choice: Less replaced More, and says what it was for Undo.
    expect(less.json()).toMatchObject({ message: `For you will leave out ${science!.name}.`, previous: 'more' });
    expect((await set(me, 'less', art!.id)).statusCode).toBe(200);
    const muted = await set(me, 'mute', ada.id);
    expect(muted.json().message).toBe('Ada Lovelace is muted in For you.');
    const list = (await call(t.app, 'feed-tuning', { user_id: me.user.id }, me.session.headers)).json().tuning;
    expect(list.more).toEqual([]);
    expect(list.less.map((x: { id: number }) => x.id).sort()).toEqual([science!.id, art!.id].sort());
    expect(list.less[0]).toEqual({ id: expect.any(Number), name: expect.any(String), created_at: expect.any(String) });
    expect(list.muted).toEqual([{ id: ada.id, name: 'Ada Lovelace', profile_picture: 'ab/cd/ada.webp', created_at: expect.any(String) }]);

    // Turning off a choice the topic does not hold leaves the one it holds.
    expect((await set(me, 'more', art!.id, 0)).json().previous).toBe('less');
    expect((await rows(me.user.id)).topics).toContainEqual({ category_id: art!.id, choice: 'less' });
    expect((await set(me, 'less', art!.id, 0)).json().message).toBe(`${art!.name} is back to usual in For you.`);
    expect((await rows(me.user.id)).topics).toEqual([{ category_id: science!.id, choice: 'less' }]);

    const reset = await call(t.app, 'feed-tuning/reset', { user_id: me.user.id }, me.session.headers);
    expect(reset.json()).toEqual({ message: 'Your feed tuning has been reset.', tuning: { more: [], less: [], muted: [] } });
    expect(await rows(me.user.id)).toEqual({ topics: [], muted: [] });
  });

  it('refuses unknown topics and authors, muting oneself, bad kinds and flags, with a message; never another member’s', async () => {
    const me = await aMember('Careful');
    const other = await aMember('Other');
    const refusal = async (kind: string, target: unknown, on: unknown = 1) => {
      const res = await set(me, kind, target, on);
      expect(res.statusCode, res.body).toBe(422);
      return res.json();
    };
    expect((await refusal('more', 999_999)).errors.target_id).toEqual(['No such topic.']);
    expect((await refusal('mute', 999_999)).errors.target_id).toEqual(['No such author.']);
    // For you holds no story of an account elsewhere: there is nothing of theirs to mute.
    expect((await refusal('mute', (await anAccountElsewhere(t.db, 'Far Author')).id)).errors.target_id).toEqual(['No such author.']);
    expect((await refusal('mute', me.user.id)).errors.target_id).toEqual(['You cannot mute yourself.']);
    expect((await refusal('block', other.user.id)).errors.kind).toEqual(['The kind must be more, less or mute.']);
    expect((await refusal('more', categories[0]!.id, 2)).errors.on).toEqual(['The on field must be 1 or 0.']);
    expect((await refusal('more', 'x')).errors.target_id).toBeDefined();

    // Someone else's user_id: 403; no session: 401; nothing changed either way.
    const asOther = await call(t.app, 'feed-tuning/set', { user_id: other.user.id, kind: 'mute', target_id: me.user.id, on: 1 }, me.session.headers);
    expect(asOther.statusCode).toBe(403);
    expect((await call(t.app, 'feed-tuning', { user_id: other.user.id }, me.session.headers)).statusCode).toBe(403);
    expect((await call(t.app, 'feed-tuning/reset', { user_id: me.user.id })).statusCode).toBe(401);
    expect(await rows(other.user.id)).toEqual({ topics: [], muted: [] });
    expect(await rows(me.user.id)).toEqual({ topics: [], muted: [] });
  });

  it('leaves one row after a burst of identical calls, and one choice per topic after a mixed one', async () => {
    const me = await aMember('Bursty');
    const author = await aUser(t.db);
    const topic = categories[1]!.id;
    const codes = await Promise.all([...Array.from({ length: 20 }, () => set(me, 'mute', author.id)), ...Array.from({ length: 20 }, () => set(me, 'more', topic))]);
    expect(codes.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
    expect(await rows(me.user.id)).toEqual({ topics: [{ category_id: topic, choice: 'more' }], muted: [{ author_id: author.id }] });
    await Promise.all(Array.from({ length: 20 }, (_, i) => set(me, i % 2 === 0 ? 'more' : 'less', topic)));
    expect((await rows(me.user.id)).topics).toHaveLength(1);
  });

  it('goes with the account: the member’s own tuning, and their place in others’ mutes', async () => {
    const leaving = await aMember('Leaving');
    const stays = await aMember('Stays');
    await set(leaving, 'more', categories[2]!.id);
    await set(leaving, 'mute', stays.user.id);
    await set(stays, 'mute', leaving.user.id);
    await set(stays, 'less', categories[2]!.id);
    const res = await call(t.app, 'delete-account', { user_id: leaving.user.id, current_password: PASSWORD }, leaving.session.headers);
    expect(res.statusCode).toBe(200);
    expect(await rows(leaving.user.id)).toEqual({ topics: [], muted: [] });
    expect(await rows(stays.user.id)).toEqual({ topics: [{ category_id: categories[2]!.id, choice: 'less' }], muted: [] });
    expect(await t.db.selectFrom('feed_author_mutes').select('user_id').where('author_id', '=', leaving.user.id).execute()).toEqual([]);
  });
});

describe('tuning with the page cache on', () => {
  it('keeps the shared pages right for each reader: one reader’s mute or less never reaches another', async () => {
    const cached = await buildTestApp({ config: { feedCacheMs: 60_000 } });
    try {
      const topic = (await cached.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
      const [one, two, writer] = await Promise.all([aUser(cached.db), aUser(cached.db), aUser(cached.db, { name: 'Shared Writer' })]);
      const sessions = [await signIn(cached.app, one), await signIn(cached.app, two)];
      const members = [one, two].map((user, i) => ({ user, session: sessions[i]! }));
      for (const m of members) {
        expect((await call(cached.app, 'selected-category', { user_id: m.user.id, category_id: topic, status: 'active' }, m.session.headers)).statusCode).toBe(200);
      }
      const post = await aPost(cached.db, { userId: writer.id, categoryId: topic });
      const forYou = async (m: Member) => ((await call(cached.app, 'view-posts', { user_id: m.user.id }, m.session.headers)).json().data as PostCard[]).map((c) => c.id);
      // Both read the same shared page of their topic, kept in memory.
      expect(await forYou(members[0]!)).toEqual([post.id]);
      expect(await forYou(members[1]!)).toEqual([post.id]);

      expect((await set(members[0]!, 'mute', writer.id, 1, cached.app)).statusCode).toBe(200);
      expect(await forYou(members[0]!)).toEqual([]);
      expect(await forYou(members[1]!)).toEqual([post.id]);
      expect((await set(members[1]!, 'less', topic, 1, cached.app)).statusCode).toBe(200);
      expect(await forYou(members[1]!)).not.toContain(post.id);
      expect((await set(members[0]!, 'mute', writer.id, 0, cached.app)).statusCode).toBe(200);
      expect(await forYou(members[0]!)).toEqual([post.id]);
    } finally {
      await cached.close();
    }
  });
});
