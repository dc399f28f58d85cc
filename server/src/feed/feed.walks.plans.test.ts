import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { bulkPeopleAndPosts } from '../test/bulk.ts';
import { genericPlan } from '../test/plans.ts';
import { SEO_SQL } from '../seo/seo.repository.ts';
import { FETCH, walkStatements } from './feed.repository.ts';

/**
 * PostgreSQL: the keyset walks of a topic's and an author's feed as prepared statements settle on them
 * (the generic plan, chosen without the values). A plan that walks the posts' primary key newest first
 * and filters by topic reads one page for a popular topic but the whole table for a rare one: each page
 * must come from the (topic, id) or (author, id) index whatever the value.
 */
const postgres = process.env.INKWELL_TEST_DB === 'postgres';
const ROWS = 20_000;
const PG = walkStatements(true);

describe.runIf(postgres)('the keyset walks’ generic plans (PostgreSQL)', () => {
  let t: TestApp;
  let rareTopic: number;
  let commonTopic: number;
  let rareAuthor: number;
  let top: number;

  beforeAll(async () => {
    t = await buildTestApp();
    await bulkPeopleAndPosts(t, ROWS);
    const topics = (await t.db.selectFrom('categories').select('id').orderBy('id').execute()).map((c) => c.id);
    [commonTopic, rareTopic] = [topics[0]!, topics[topics.length - 1]!];
    const ids = await t.db
      .selectFrom('posts')
      .select(({ fn }) => [fn.min('id').as('first'), fn.max('id').as('last')])
      .executeTakeFirstOrThrow();
    top = Number(ids.last) + 1;
    // Most posts in a few topics, three of the oldest in a rare one; a rare author with three old posts.
    await sql`UPDATE posts SET category_id = ${sql.raw(`(ARRAY[${topics.slice(0, 4).join(',')}])`)}[1 + id % 4]`.execute(t.db);
    await sql`UPDATE posts SET category_id = ${rareTopic} WHERE id < ${Number(ids.first) + 3}`.execute(t.db);
    rareAuthor = (await t.db.selectFrom('users').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    await sql`UPDATE posts SET user_id = ${rareAuthor} WHERE id < ${Number(ids.first) + 3}`.execute(t.db);
    await sql`ANALYZE`.execute(t.db);
  }, 120_000);
  afterAll(() => t?.close());

  const idsOf = (text: string) => text.slice(text.indexOf('FROM (') + 6, text.lastIndexOf(') page'));

  it.each([
    ['a rare topic', () => [idsOf(PG.byCategory), [rareTopic, top]] as const],
    ['a common topic', () => [idsOf(PG.byCategory), [commonTopic, top]] as const],
    ['a rare and a common topic', () => [idsOf(PG.byCategories(2)), [rareTopic, top, commonTopic, top]] as const],
    ['a rare author', () => [idsOf(PG.byAuthor), [rareAuthor, top]] as const],
    ['a rare topic’s related posts', () => [PG.sameCategory, [rareTopic, 0]] as const],
    ['a rare topic’s RSS feed', () => [SEO_SQL.byCategory(true), [rareTopic]] as const],
    ['a rare author’s RSS feed', () => [SEO_SQL.byAuthor(true), [rareAuthor]] as const],
  ])('reads one page from the index for %s, never the primary key’s walk', async (_name, statement) => {
    const [text, args] = statement();
    const { scans, read, shown } = await genericPlan(t, text, args);
    expect(
      scans.filter((s) => s.startsWith('Seq Scan') || s.includes('posts_pkey')),
      shown,
    ).toEqual([]);
    expect(read.get('posts') ?? 0, shown).toBeLessThanOrEqual(Math.ceil(args.length / 2) * 2 * FETCH);
  });
});
