import type { FeedReason, PostCard } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, type TestUser, aPost, aUser, signIn } from '../test/factories.ts';
import { POPULAR_MIN_LIKES, POPULAR_TOP } from './for-you.repository.ts';

/**
 * 'For you' explains itself (issue 13): each card's reason, and what More like this, Less like this and
 * Mute do to the pages, which stay exact (each matching post once, newest first) page after page.
 */
let t: TestApp;
let categories: Array<{ id: number; name: string }>;

beforeAll(async () => {
  t = await buildTestApp();
  categories = await t.db.selectFrom('categories').select(['id', 'name']).orderBy('id').execute();
});
afterAll(() => t.close());

const call = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers });

interface Reader {
  user: TestUser;
  session: Session;
}
async function aReader(name: string): Promise<Reader> {
  const user = await aUser(t.db, { name });
  return { user, session: await signIn(t.app, user) };
}
const as = (r: Reader) => ({ payload: { user_id: r.user.id }, headers: r.session.headers });

async function tune(r: Reader, kind: 'more' | 'less' | 'mute', target: number, on: 0 | 1) {
  const res = await call('/api/user/feed-tuning/set', { user_id: r.user.id, kind, target_id: target, on }, r.session.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function choose(r: Reader, categoryId: number) {
  const res = await call('/api/user/selected-category', { user_id: r.user.id, category_id: categoryId, status: 'active' }, r.session.headers);
  expect(res.statusCode).toBe(200);
}
async function follow(r: Reader, authorId: number) {
  const res = await call('/api/user/follow-unfollow', { user_id: r.user.id, follow_id: authorId, followType: 1 }, r.session.headers);
  expect(res.statusCode).toBe(200);
}

/** Every page of For you to the end (with `between` run after each page): the cards in order. */
async function readAll(reader: Reader | null, between?: () => Promise<void>) {
  const cards: PostCard[] = [];
  let next: string | null = '/api/user/view-posts';
  let pages = 0;
  while (next) {
    const res = await call(next, reader ? as(reader).payload : {}, reader ? as(reader).headers : {});
    expect(res.statusCode).toBe(200);
    const page = res.json() as { data: PostCard[]; next_page_url: string | null };
    expect(page.data.length).toBeLessThanOrEqual(10);
    cards.push(...page.data);
    next = page.next_page_url;
    pages += 1;
    expect(pages).toBeLessThan(500);
    if (between) await between();
  }
  return cards;
}

/**
 * The rule, written again from the tables: the reader's topics (chosen and more, less those asked
 * less of) and followed authors, or every post without topics; never a topic asked less of, a muted or
 * blocked author, a deactivated one, nor a story from elsewhere. Newest first.
 */
async function expectedIds(readerId: number): Promise<number[]> {
  const [posts, chosen, tuned, mutes, follows, blocks] = await Promise.all([
    t.db
      .selectFrom('posts as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.id', 'p.user_id', 'p.category_id', 'u.deactivated_at'])
      .where('p.ap_id', 'is', null)
      .$narrowType<{ category_id: number }>()
      .execute(),
    t.db.selectFrom('user_categories').select('category_id').where('user_id', '=', readerId).execute(),
    t.db.selectFrom('feed_topic_tuning').select(['category_id', 'choice']).where('user_id', '=', readerId).execute(),
    t.db.selectFrom('feed_author_mutes').select('author_id').where('user_id', '=', readerId).execute(),
    t.db.selectFrom('follows').select('following_id').where('follower_id', '=', readerId).execute(),
    t.db.selectFrom('blocks').select('blocked_id').where('blocker_id', '=', readerId).execute(),
  ]);
  const less = new Set(tuned.filter((r) => r.choice === 'less').map((r) => r.category_id));
  const topics = new Set([...chosen.map((r) => r.category_id), ...tuned.filter((r) => r.choice === 'more').map((r) => r.category_id)].filter((id) => !less.has(id)));
  const followed = new Set(follows.map((r) => r.following_id));
  const hidden = new Set([...mutes.map((r) => r.author_id), ...blocks.map((r) => r.blocked_id)]);
  return posts
    .filter((p) => p.deactivated_at === null && !hidden.has(p.user_id) && !less.has(p.category_id))
    .filter((p) => topics.size === 0 || topics.has(p.category_id) || followed.has(p.user_id))
    .map((p) => p.id)
    .sort((a, b) => b - a);
}

const reasonOf = (cards: PostCard[], id: number): FeedReason | null | undefined => cards.find((c) => c.id === id)?.reason;

describe('For you reasons', () => {
  it('says why each card is there, from what made it appear', async () => {
    const [science, art, travel] = categories;
    const reader = await aReader('Why Reader');
    const ada = await aUser(t.db, { name: 'Ada Lovelace' });
    const bob = await aUser(t.db, { name: 'Bob Other' });
    await choose(reader, science!.id);
    await follow(reader, ada.id);

    const inScience = await aPost(t.db, { userId: bob.id, categoryId: science!.id });
    const popular = await aPost(t.db, { userId: bob.id, categoryId: science!.id });
    await t.db
      .updateTable('posts')
      .set({ likes_count: POPULAR_MIN_LIKES + 5 })
      .where('id', '=', popular.id)
      .execute();
    const adaInArt = await aPost(t.db, { userId: ada.id, categoryId: art!.id });
    const adaInScience = await aPost(t.db, { userId: ada.id, categoryId: science!.id });
    const bobInArt = await aPost(t.db, { userId: bob.id, categoryId: art!.id });
    const bobInTravel = await aPost(t.db, { userId: bob.id, categoryId: travel!.id });

    let cards = await readAll(reader);
    expect(reasonOf(cards, inScience.id)).toEqual({ kind: 'topic', topic: { id: science!.id, name: science!.name } });
    expect(reasonOf(cards, popular.id)).toEqual({ kind: 'popular', topic: { id: science!.id, name: science!.name } });
    expect(reasonOf(cards, adaInArt.id)).toEqual({ kind: 'author', author: { id: ada.id, name: 'Ada Lovelace' } });
    expect(reasonOf(cards, adaInScience.id)).toEqual({ kind: 'author', author: { id: ada.id, name: 'Ada Lovelace' } });
    // Neither a chosen topic nor a followed author: not in For you.
    expect(cards.map((c) => c.id)).not.toContain(bobInArt.id);
    expect(cards.map((c) => c.id)).toEqual(await expectedIds(reader.user.id));

    // More like this of Travel: its posts join, saying so.
    await tune(reader, 'more', travel!.id, 1);
    cards = await readAll(reader);
    expect(reasonOf(cards, bobInTravel.id)).toEqual({ kind: 'more', topic: { id: travel!.id, name: travel!.name } });
    expect(cards.map((c) => c.id)).toEqual(await expectedIds(reader.user.id));

    // A visitor's For you is every post: new ones say so, the popular one says where it is popular.
    const visitor = await readAll(null);
    expect(visitor.map((c) => c.id)).toContain(bobInArt.id);
    expect(reasonOf(visitor, bobInArt.id)).toEqual({ kind: 'latest' });
    expect(reasonOf(visitor, popular.id)).toEqual({ kind: 'popular', topic: { id: science!.id, name: science!.name } });

    // Only For you explains itself: every other list carries null.
    const category = (await call('/api/user/categories-name', { category_id: science!.id })).json().posts.data as PostCard[];
    expect(category.length).toBeGreaterThan(0);
    for (const card of category) expect(card.reason).toBeNull();
    const following = (await call('/api/user/following/posts', as(reader).payload, as(reader).headers)).json().data as PostCard[];
    for (const card of following) expect(card.reason).toBeNull();
    await tune(reader, 'more', travel!.id, 0);
  });

  it('calls popular only the most liked of a topic’s newest posts, with a few likes at least', async () => {
    const topic = categories[4]!;
    const writer = await aUser(t.db, { name: 'Busy Writer' });
    const posts: number[] = [];
    for (let i = 0; i < POPULAR_TOP + 3; i += 1) posts.push((await aPost(t.db, { userId: writer.id, categoryId: topic.id })).id);
    // Likes 2..14 by age: the POPULAR_TOP most liked are popular, the rest (and a post with one like) are not.
    for (const [i, id] of posts.entries())
      await t.db
        .updateTable('posts')
        .set({ likes_count: POPULAR_MIN_LIKES + i })
        .where('id', '=', id)
        .execute();
    const quiet = await aPost(t.db, { userId: writer.id, categoryId: topic.id });
    await t.db
      .updateTable('posts')
      .set({ likes_count: POPULAR_MIN_LIKES - 1 })
      .where('id', '=', quiet.id)
      .execute();
    const visitor = await readAll(null);
    const popularIds = visitor.filter((c) => c.reason?.kind === 'popular' && c.category_id === topic.id).map((c) => c.id);
    expect(popularIds.sort((a, b) => a - b)).toEqual(posts.slice(-POPULAR_TOP));
    expect(reasonOf(visitor, quiet.id)).toEqual({ kind: 'latest' });
  });
});

describe('tuning For you', () => {
  it('Less like this leaves a topic out, followed authors’ posts too, until the reader asks more of it', async () => {
    const [science, art] = [categories[5]!, categories[6]!];
    const reader = await aReader('Less Reader');
    const ada = await aUser(t.db, { name: 'Ada Less' });
    await choose(reader, science.id);
    await follow(reader, ada.id);
    const adaArt = await aPost(t.db, { userId: ada.id, categoryId: art.id });
    const adaScience = await aPost(t.db, { userId: ada.id, categoryId: science.id });

    await tune(reader, 'less', art.id, 1);
    let ids = (await readAll(reader)).map((c) => c.id);
    expect(ids).not.toContain(adaArt.id);
    expect(ids).toContain(adaScience.id);
    expect(ids).toEqual(await expectedIds(reader.user.id));

    // Less of the only chosen topic: For you is every other topic's posts.
    await tune(reader, 'less', science.id, 1);
    ids = (await readAll(reader)).map((c) => c.id);
    expect(ids).not.toContain(adaScience.id);
    expect(ids).not.toContain(adaArt.id);
    expect(ids).toEqual(await expectedIds(reader.user.id));
    expect(ids.length).toBeGreaterThan(0);

    // More of Art replaces its Less: its posts come back, saying why.
    const answer = await tune(reader, 'more', art.id, 1);
    expect(answer.previous).toBe('less');
    const cards = await readAll(reader);
    expect(reasonOf(cards, adaArt.id)).toEqual({ kind: 'author', author: { id: ada.id, name: 'Ada Less' } });
    expect(cards.map((c) => c.id)).toEqual(await expectedIds(reader.user.id));
    expect((await call('/api/user/feed-tuning/reset', { user_id: reader.user.id }, reader.session.headers)).statusCode).toBe(200);
    expect((await readAll(reader)).map((c) => c.id)).toContain(adaScience.id);
  });

  it('Mute leaves an author out of For you only: their posts stay in every other list, and they are told nothing', async () => {
    const topic = categories[7]!;
    const reader = await aReader('Mute Reader');
    const loud = await aUser(t.db, { name: 'Loud Writer' });
    await follow(reader, loud.id);
    await choose(reader, topic.id);
    const post = await aPost(t.db, { userId: loud.id, categoryId: topic.id });
    const notesBefore = await t.db.selectFrom('notifications').select('id').where('user_id', '=', loud.id).execute();

    await tune(reader, 'mute', loud.id, 1);
    expect((await readAll(reader)).map((c) => c.id)).not.toContain(post.id);
    const category = (await call('/api/user/categories-name', { category_id: topic.id, ...as(reader).payload }, as(reader).headers)).json().posts.data as PostCard[];
    expect(category.map((c) => c.id)).toContain(post.id);
    const author = (await call('/api/user/author-posts', { author_id: loud.id, ...as(reader).payload }, as(reader).headers)).json().data as PostCard[];
    expect(author.map((c) => c.id)).toContain(post.id);
    const following = (await call('/api/user/following/posts', as(reader).payload, as(reader).headers)).json().data as PostCard[];
    expect(following.map((c) => c.id)).toContain(post.id);
    expect((await call('/api/user/post/details', { post_id: post.id, ...as(reader).payload }, as(reader).headers)).statusCode).toBe(200);
    expect(await t.db.selectFrom('notifications').select('id').where('user_id', '=', loud.id).execute()).toEqual(notesBefore);
    expect(await t.db.selectFrom('blocks').selectAll().where('blocker_id', '=', reader.user.id).execute()).toEqual([]);

    await tune(reader, 'mute', loud.id, 0);
    expect((await readAll(reader)).map((c) => c.id)).toContain(post.id);
  });
});

describe('For you pages stay exact', () => {
  it('gives each matching post once, newest first, over every page, also while new posts arrive', async () => {
    const [a, b, c, d] = [categories[8]!, categories[9]!, categories[10]!, categories[1]!];
    const reader = await aReader('Paging Reader');
    const writers = await Promise.all(['W1', 'W2', 'W3', 'Muted'].map((name) => aUser(t.db, { name })));
    const [w1, w2, w3, muted] = writers as [TestUser, TestUser, TestUser, TestUser];
    await choose(reader, a.id);
    await tune(reader, 'more', b.id, 1);
    await tune(reader, 'less', c.id, 1);
    await follow(reader, w1.id);
    await follow(reader, w2.id);
    await tune(reader, 'mute', muted.id, 1);
    const topicsOf = [a.id, b.id, c.id, d.id];
    // A long run of muted posts (more than a page can read past at once) among the others.
    for (let i = 0; i < 40; i += 1) {
      const author = [w1, w2, w3, muted][i % 4]!;
      await aPost(t.db, { userId: author.id, categoryId: topicsOf[(i * 7) % 4] });
    }
    for (let i = 0; i < 60; i += 1) await aPost(t.db, { userId: muted.id, categoryId: a.id });
    for (let i = 0; i < 30; i += 1) await aPost(t.db, { userId: [w1, w3][i % 2]!.id, categoryId: topicsOf[i % 4] });

    const expected = await expectedIds(reader.user.id);
    const arriving = async () => {
      await aPost(t.db, { userId: w1.id, categoryId: a.id });
      await aPost(t.db, { userId: w3.id, categoryId: b.id });
    };
    // Followed authors who wrote little (one join) and, once W1 wrote a lot, each author's walk.
    expect((await readAll(reader, arriving)).map((card) => card.id)).toEqual(expected);
    for (let i = 0; i < 120; i += 1) await aPost(t.db, { userId: w1.id, categoryId: d.id });
    const again = await expectedIds(reader.user.id);
    const seen = (await readAll(reader, arriving)).map((card) => card.id);
    expect(seen).toEqual(again);
    expect(new Set(seen).size).toBe(seen.length);

    // Without topics (all asked less of), every other topic's posts, newest first.
    await t.app.inject({ method: 'POST', url: '/api/user/reset-categories', payload: { user_id: reader.user.id }, headers: reader.session.headers });
    await tune(reader, 'more', b.id, 0);
    await tune(reader, 'less', a.id, 1);
    const everything = await expectedIds(reader.user.id);
    expect((await readAll(reader, arriving)).map((card) => card.id)).toEqual(everything);
  });
});
