import { RECOMMENDED_TOPICS_MAX } from '@inkwell/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicSignalsQuery } from './categories.repository.ts';
import { counterDrift } from '../security/counters.ts';
import { type Member, aMember, call } from '../social/social.testkit.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { PASSWORD, aPost } from '../test/factories.ts';

/** Topics you follow: each topic's followers, and 'Recommended topics' for visitors and members. */

let t: TestApp;
let topics: Array<{ id: number; name: string }>;

beforeAll(async () => {
  t = await buildTestApp();
  topics = await t.db.selectFrom('categories').select(['id', 'name']).orderBy('id').execute();
});
afterAll(async () => t?.close());

const choose = (m: Member, categoryId: number, on = true) => call(t, '/selected-category', { user_id: m.id, category_id: categoryId, status: on ? 'active' : 'inactive' }, m);
const recommended = async (as?: Member, body: object = as ? { user_id: as.id } : {}) => {
  const res = await call(t, '/recommended-categories', body, as);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { recommended_categories: Array<{ id: number; name: string; followers_count: number }> }).recommended_categories;
};
const followersOf = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: '/api/user/categories' })).json().categories.find((c: { id: number }) => c.id === id).followers_count as number;

describe('a topic’s followers', () => {
  it('count the members who chose it, once each, and go with an unchoice, a reset or a deleted account', async () => {
    const [a, b] = [await aMember(t, 'Ada'), await aMember(t, 'Bo')];
    const topic = topics[5]!.id;
    const before = await followersOf(topic);
    await choose(a, topic);
    await choose(a, topic);
    await choose(b, topic);
    expect(await followersOf(topic)).toBe(before + 2);
    await choose(a, topic, false);
    await choose(a, topic, false);
    expect(await followersOf(topic)).toBe(before + 1);
    expect((await call(t, '/reset-categories', { user_id: b.id }, b)).statusCode).toBe(200);
    expect(await followersOf(topic)).toBe(before);
    await choose(a, topic);
    expect(await followersOf(topic)).toBe(before + 1);
    expect((await call(t, '/delete-account', { user_id: a.id, current_password: PASSWORD }, a)).statusCode).toBe(200);
    expect(await followersOf(topic)).toBe(before);
    expect(await counterDrift(t.db)).toEqual([]);
  });
});

describe('recommended topics', () => {
  it('a visitor gets the most followed topics first, then by name', async () => {
    const fans = [await aMember(t), await aMember(t), await aMember(t)];
    const [top, second] = [topics[7]!, topics[3]!];
    for (const fan of fans) await choose(fan, top.id);
    for (const fan of fans.slice(0, 2)) await choose(fan, second.id);
    const list = await recommended();
    expect(list).toHaveLength(Math.min(RECOMMENDED_TOPICS_MAX, topics.length));
    expect(list.slice(0, 2).map((c) => c.id)).toEqual([top.id, second.id]);
    expect(list[0]!.followers_count).toBeGreaterThanOrEqual(3);
    const rest = list.slice(2).filter((c) => c.followers_count === 0);
    expect(rest.map((c) => c.name)).toEqual([...rest.map((c) => c.name)].sort((x, y) => x.localeCompare(y)));
  });

  it('a member gets what they read first (likes, saves, followed authors), never a topic they follow', async () => {
    const reader = await aMember(t, 'Reader');
    const writer = await aMember(t, 'Writer');
    const [liked, saved, followedIn, chosen] = [topics[9]!, topics[10]!, topics[11]!, topics[7]!];
    await choose(reader, chosen.id);
    const likedPosts = [await aPost(t.db, { userId: writer.id, categoryId: liked.id }), await aPost(t.db, { userId: writer.id, categoryId: liked.id })];
    for (const p of likedPosts) await call(t, '/like', { user_id: reader.id, post_id: p.id, status: 1 }, reader);
    const savedPost = await aPost(t.db, { userId: writer.id, categoryId: saved.id });
    await call(t, '/posts/save', { user_id: reader.id, post_id: savedPost.id, save_unsave: 1 }, reader);
    const author = await aMember(t, 'Followed');
    await aPost(t.db, { userId: author.id, categoryId: followedIn.id });
    await call(t, '/follow-unfollow', { user_id: reader.id, follow_id: author.id, followType: 1 }, reader);

    const list = await recommended(reader);
    // liked 2 × 3 = 6, saved 1 × 2 = 2, followed author's post 1 × 1 = 1 (the writer's liked posts are
    // not the followed author's); then the most followed.
    expect(list.slice(0, 3).map((c) => c.id)).toEqual([liked.id, saved.id, followedIn.id]);
    expect(list.map((c) => c.id)).not.toContain(chosen.id);
  });

  it('a signed-in member cannot ask as somebody else; a visitor’s user_id is ignored', async () => {
    const [m, other] = [await aMember(t), await aMember(t)];
    expect((await call(t, '/recommended-categories', { user_id: other.id }, m)).statusCode).toBe(403);
    await choose(other, topics[2]!.id);
    const asVisitor = await recommended(undefined, { user_id: other.id });
    expect(asVisitor.map((c) => c.id)).toEqual((await recommended()).map((c) => c.id));
    expect((await call(t, '/recommended-categories', { user_id: 'x' })).statusCode).toBe(422);
  });
});

describe('what recommending topics reads', () => {
  it('walks indexes only: no scan of likes, saves, posts or follows (after ANALYZE)', async () => {
    const compiled = topicSignalsQuery(1).compile(t.db);
    if (t.database.dialect === 'sqlite') {
      await sql`ANALYZE`.execute(t.db);
      const rows = await t.database.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]);
      const lines = rows.map((r) => r.detail);
      expect(
        lines.filter((l) => /^SCAN (likes|saves|posts|follows)\b/.test(l)),
        lines.join('\n'),
      ).toEqual([]);
      expect(
        lines.some((l) => /SEARCH likes USING COVERING INDEX likes_user_idx/.test(l)),
        lines.join('\n'),
      ).toBe(true);
      expect(
        lines.some((l) => /SEARCH saves USING (COVERING )?INDEX saves_user_time_idx/.test(l)),
        lines.join('\n'),
      ).toBe(true);
      expect(
        lines.some((l) => /SEARCH p USING (COVERING )?INDEX posts_user_id_idx \(user_id=\? AND id>\?\)/.test(l)),
        lines.join('\n'),
      ).toBe(true);
    } else {
      // Tables this small are cheaper to read whole: with sequential scans priced out, every part must
      // still find an index to walk (PostgreSQL falls back to a Seq Scan only when none can serve).
      const text = await t.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const plan = await sql.raw<{ 'QUERY PLAN': string }>(`EXPLAIN ${compiled.sql.replace(/\$\d+/g, '1')}`).execute(trx);
        return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(text).not.toMatch(/Seq Scan on (likes|saves|follows|posts)\b/);
    }
  });
});
