import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicSignals } from '../categories/categories.repository.ts';
import { findArticle, listWriterArticles } from '../federation/articles.repository.ts';
import { page } from '../search/results.testkit.ts';
import { beacon, statsOf } from '../stats/stats.testkit.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aPost, aStoryElsewhere, aUser, anAccountElsewhere, signIn } from '../test/factories.ts';

/**
 * A story of an account elsewhere is a post (migration 0055, ADR 0080), but none of the site's: it is
 * in no home feed, For you, related posts, picks, topic signals, search, RSS feed, sitemap or stats, and
 * never served as one of our Articles. Each list is checked with the story newer than the member's post
 * and sharing its words, so that it would be there if the list did not leave it out. Both databases.
 */
let t: TestApp;
let reader: Session;
let readerId: number;
let post: number;
let story: number;
let account: { id: number; apId: string };

const call = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: `/api/user/${url}`, payload, headers });
const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);

beforeAll(async () => {
  t = await buildTestApp();
  const ada = await aUser(t.db, { name: 'Ada' });
  const bo = await aUser(t.db, { name: 'Bo' });
  readerId = bo.id;
  reader = await signIn(t.app, bo);
  post = (await aPost(t.db, { userId: ada.id, title: 'Quokka habits', subTitle: 'Quokka days' })).id;
  account = await anAccountElsewhere(t.db, 'Far Writer');
  story = (await aStoryElsewhere(t.db, account, { title: 'Quokka habits elsewhere', subTitle: 'Quokka nights' })).id;
  // Loved and liked by the reader, so that the popular window, the picks and the topic signals would take it.
  await t.db.updateTable('posts').set({ likes_count: 50 }).where('id', '=', story).execute();
  await t.db.updateTable('posts').set({ likes_count: 5 }).where('id', '=', post).execute();
  await t.db.insertInto('likes').values({ post_id: story, user_id: bo.id, created_at: new Date().toISOString() }).execute();
}, 60_000);
afterAll(() => t.close());

describe('a story from elsewhere, kept as a post', () => {
  it('is newer than the member’s post (so each list below would show it first)', () => {
    expect(story).toBeGreaterThan(post);
  });

  it('is in no home feed: the latest for a visitor, For you for a member', async () => {
    const latest = await call('view-posts', {});
    expect(latest.statusCode, latest.body).toBe(200);
    expect(ids(latest.json().data)).toEqual([post]);
    const forYou = await call('view-posts', { user_id: readerId }, reader.headers);
    expect(forYou.statusCode, forYou.body).toBe(200);
    expect(ids(forYou.json().data)).toEqual([post]);
  });

  it('is no related post of a story with its words, and no pick', async () => {
    const related = await call('posts/related', { id: post });
    expect(related.statusCode, related.body).toBe(200);
    expect(ids(related.json().related_posts)).not.toContain(story);
    const picks = await call('recommended-posts', { user_id: readerId }, reader.headers);
    expect(picks.statusCode, picks.body).toBe(200);
    expect(ids(picks.json().recommended_posts)).toEqual([post]);
  });

  it('gives the topics no signal: the reader’s like of it says nothing of a topic', async () => {
    expect(await topicSignals(t.db, readerId)).toEqual([]);
    const res = await call('recommended-categories', { user_id: readerId }, reader.headers);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('is found by no search: the top bar’s and the results page’s', async () => {
    const quick = await call('search', { query: 'quokka' });
    expect(quick.statusCode, quick.body).toBe(200);
    expect(ids(quick.json().posts)).toEqual([post]);
    expect(ids((await page(t, 'quokka')).posts)).toEqual([post]);
    expect(ids((await page(t, 'nights')).posts)).toEqual([]);
  });

  it('is in no RSS feed and no sitemap', async () => {
    const rss = await t.app.inject({ method: 'GET', url: '/rss.xml' });
    expect(rss.statusCode).toBe(200);
    expect(rss.body).toContain('Quokka habits</title>');
    expect(rss.body).not.toContain('elsewhere');
    const parser = new XMLParser({ isArray: (name) => name === 'url' || name === 'sitemap' });
    const index = parser.parse((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body) as { sitemapindex: { sitemap: Array<{ loc: string }> } };
    const postPages = index.sitemapindex.sitemap.map((entry) => new URL(entry.loc).pathname).filter((path) => path.startsWith('/sitemap/posts-'));
    let listed = 0;
    for (const path of postPages) {
      const res = await t.app.inject({ method: 'GET', url: path });
      listed += (parser.parse(res.body) as { urlset: { url?: unknown[] } }).urlset.url?.length ?? 0;
    }
    expect(listed).toBe(1);
  });

  it('counts no view, and is never served as one of our Articles', async () => {
    await beacon(t, 'view', story, { as: reader });
    expect((await statsOf(t, story)).daily).toEqual([]);
    await beacon(t, 'view', post, { as: reader });
    expect((await statsOf(t, post)).daily).toHaveLength(1);
    expect(await findArticle(t.db, story)).toBeUndefined();
    expect(await listWriterArticles(t.db, account.id, null, 10)).toEqual([]);
  });
});

describe('a story from elsewhere, to a member who follows its account', () => {
  it('is in their Following with its handle and the original, and on its page; never in their For you', async () => {
    const cy = await aUser(t.db, { name: 'Cy' });
    const session = await signIn(t.app, cy);
    const now = new Date().toISOString();
    await t.db.insertInto('follows').values({ follower_id: cy.id, following_id: account.id, created_at: now }).execute();
    // Cy follows Ada too, and chose the topic of her post: For you reads the followed authors' posts beside it.
    await t.db
      .insertInto('follows')
      .values({ follower_id: cy.id, following_id: (await t.db.selectFrom('posts').select('user_id').where('id', '=', post).executeTakeFirstOrThrow()).user_id, created_at: now })
      .execute();
    const topic = (await t.db.selectFrom('posts').select('category_id').where('id', '=', post).executeTakeFirstOrThrow()).category_id!;
    await t.db.insertInto('user_categories').values({ user_id: cy.id, category_id: topic, created_at: now }).execute();

    const following = await call('following/posts', { user_id: cy.id }, session.headers);
    expect(following.statusCode, following.body).toBe(200);
    expect(ids(following.json().data)).toEqual([story, post]);
    const [card, own] = following.json().data;
    const url = (await t.db.selectFrom('posts').select('url').where('id', '=', story).executeTakeFirstOrThrow()).url;
    expect(card).toMatchObject({ category_id: null, elsewhere: { handle: expect.stringMatching(/^@farwriter@elsewhere\d+\.example$/), url } });
    expect(own.elsewhere).toBeNull();

    const details = await call('post/details', { post_id: story, user_id: cy.id }, session.headers);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().post).toMatchObject({ id: story, category_id: null, elsewhere: { url }, description: '<p>Words written on another server.</p>' });

    const forYou = await call('view-posts', { user_id: cy.id }, session.headers);
    expect(forYou.statusCode, forYou.body).toBe(200);
    expect(ids(forYou.json().data)).toEqual([post]);
  });
});
