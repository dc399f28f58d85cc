import { type Acting, actingFor } from '../access/policy.ts';
import { HISTORY_MAX } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aUser } from '../test/factories.ts';
import { createHistoryRepository } from './history.repository.ts';
import { createHistoryService } from './history.service.ts';
import { aStory, rowsOf } from './library.testkit.ts';

/**
 * A history keeps at most HISTORY_MAX entries (here a service with a bound of 5): the oldest go in the
 * transaction that adds one, also when a member's adds arrive together (SQLite and PostgreSQL).
 */
const MAX = 5;
let t: TestApp;
let author: number;
let history: ReturnType<typeof createHistoryService>;
beforeAll(async () => {
  t = await buildTestApp();
  author = (await aUser(t.db)).id;
  history = createHistoryService(createHistoryRepository(t.database, t.db), async () => new Set(), { max: MAX });
});
afterAll(() => t?.close());

/** A member keeping a history, as the service acts for them (the access policy's Acting). */
async function member(): Promise<Acting> {
  const { id } = await aUser(t.db);
  await t.db.updateTable('users').set({ keep_history: 1 }).where('id', '=', id).execute();
  return actingFor({ userId: id });
}
const stories = async (n: number) => {
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) ids.push(await aStory(t, { userId: author }));
  return ids;
};

describe('the bound of a history', () => {
  it('is HISTORY_MAX by default', () => {
    expect(HISTORY_MAX).toBe(1000);
  });

  it('keeps the newest entries past it, the oldest going first', async () => {
    const me = await member();
    const posts = await stories(MAX + 3);
    for (const post of posts) await history.add(me, post);
    expect(await rowsOf(t, me)).toEqual(posts.slice(3).reverse());
  });

  it('a re-read at the bound moves an entry up without dropping another', async () => {
    const me = await member();
    const posts = await stories(MAX);
    for (const post of posts) await history.add(me, post);
    await new Promise((r) => setTimeout(r, 5));
    await history.add(me, posts[0]!);
    expect(await rowsOf(t, me)).toEqual([posts[0], ...posts.slice(1).reverse()]);
  });

  it('holds when many adds arrive at once', async () => {
    const me = await member();
    const posts = await stories(3 * MAX);
    await Promise.all(posts.map((post) => history.add(me, post)));
    expect(await rowsOf(t, me)).toHaveLength(MAX);
  });

  it('is each member’s own: another member’s entries stay', async () => {
    const [me, other] = [await member(), await member()];
    const posts = await stories(MAX + 2);
    for (const post of posts.slice(0, 2)) await history.add(other, post);
    for (const post of posts) await history.add(me, post);
    expect(await rowsOf(t, other)).toEqual(posts.slice(0, 2).reverse());
  });
});
