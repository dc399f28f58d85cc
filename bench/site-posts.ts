/**
 * The lists of the site's posts with and without their `ap_id IS NULL` (migration 0055, issue 46): each
 * statement the change touched timed in both texts, in one run, on one database holding the demo
 * community and, newer than all of it, stories of an account elsewhere (as many as --elsewhere), so a
 * list that did not leave them out would read them first.
 *
 *   npm run bench:site-posts -- [--posts 100000] [--likes 200000] [--elsewhere 10000] [--data DIR] [--pg postgres://…/db] [--runs 400]
 *
 * Seeds (or reuses) a SQLite database in --data and, with --pg, a PostgreSQL database there, adds the
 * stories once, then for each statement alternates the two texts in blocks of 20 calls through the
 * app's own `database.all` (prepared once) and prints the median µs per call of each and their ratio.
 * "before" is the text without the filter: on this data it answers the stories too, which is what the
 * filter is for; the ratio is what leaving them out costs (or saves).
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { type Database, nowIso } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { walkStatements } from '../server/src/feed/feed.repository.ts';
import { FOR_YOU_SQL } from '../server/src/feed/for-you.repository.ts';
import { RECOMMENDATION_SQL } from '../server/src/feed/recommendations.repository.ts';
import { alternate, arg, onDemoDatabases } from './support.ts';

const posts = arg('posts', '100000');
const likes = arg('likes', String(Number(posts) * 2));
const elsewhere = Number(arg('elsewhere', String(Number(posts) / 10)));
const runs = Number(arg('runs', '400'));
const dataDir = path.resolve(arg('data', path.join(os.tmpdir(), `inkwell-site-posts-${posts}`)));
const pgUrl = arg('pg', '');

/** The text as it was before 0055: without its test of ap_id (nor the index SQLite is told to walk). */
const before = (text: string) => text.replace(/ AND ap_id IS NULL| WHERE ap_id IS NULL| INDEXED BY posts_site_idx/g, '');

/** Stories of one account elsewhere, newer than every post, once. */
async function addStories(database: Database): Promise<void> {
  const { db } = database;
  const apId = 'https://far.example/users/bench';
  const have = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('ap_id', 'is not', null)
    .executeTakeFirstOrThrow();
  if (Number(have.n) >= elsewhere) return;
  const now = nowIso();
  const account =
    (await db.selectFrom('users').select('id').where('ap_id', '=', apId).executeTakeFirst()) ??
    (await db
      .insertInto('users')
      .values({ email: null, email_normalized: null, name: 'Far', domain: 'far.example', handle: '@bench@far.example', ap_id: apId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow());
  for (let i = Number(have.n); i < elsewhere; i += 500) {
    const rows = Array.from({ length: Math.min(500, elsewhere - i) }, (_, k) => ({
      user_id: account.id,
      category_id: null,
      title: `A story from elsewhere ${i + k}`,
      sub_title: '',
      description: '<p>Words written on another server.</p>',
      image: null,
      likes_count: 3,
      created_at: now,
      updated_at: now,
      ap_id: `${apId}/statuses/${i + k}`,
      url: `https://far.example/@bench/${i + k}`,
    }));
    await db.insertInto('posts').values(rows).execute();
  }
}

interface Case {
  name: string;
  text: string;
  params: readonly unknown[];
}

async function measure(database: Database, c: Case): Promise<{ old: number; now: number }> {
  const texts = [before(c.text), c.text] as const;
  if (texts[0] === texts[1]) throw new Error(`${c.name}: no ap_id test to take away`);
  return alternate(database, texts, c.params, runs);
}

async function run(label: string, database: Database): Promise<void> {
  await migrateToLatest(database.db);
  await addStories(database);
  await sql`ANALYZE`.execute(database.db);
  const newest = await database.all<{ id: number }>('SELECT max(id) AS id FROM posts WHERE ap_id IS NULL', []);
  const top = Number(newest[0]!.id);
  const viewer = 1;
  const postgres = database.dialect === 'postgres';
  const W = walkStatements(postgres);
  const cases: Case[] = [
    { name: 'latest, page 1', text: W.latest, params: [viewer, viewer, 2_147_483_647] },
    { name: 'latest, 5 000 posts deep', text: W.latest, params: [viewer, viewer, top - 5000] },
    { name: 'For you: popular window', text: FOR_YOU_SQL.popular(postgres), params: [] },
    { name: 'Picks', text: RECOMMENDATION_SQL.picks(postgres), params: [viewer, viewer] },
    // Words of the demo's titles, none of the stories' (whose matches would end the old text's walk at once).
    { name: 'related: title words', text: W.titleWords, params: [top, '%wrong%', '%guide%', '', '', ''] },
  ];
  console.log(`\n${label}: ${posts} posts and ${elsewhere} stories from elsewhere, median µs per call of ${runs}`);
  console.log('| statement | before (no ap_id test) | after | after / before |\n|---|---:|---:|---:|');
  for (const c of cases) {
    const { old, now } = await measure(database, c);
    console.log(`| ${c.name} | ${old.toFixed(0)} | ${now.toFixed(0)} | ${(now / old).toFixed(2)} |`);
  }
}

await onDemoDatabases(dataDir, { posts, likes }, pgUrl, run);
