/**
 * What a card's five columns of a story from elsewhere cost (issue 46, step 5e: the story's url and
 * its author's domain, handle, picture and profile, `db/shared.repository.ts` cardElsewhere) on the
 * statements every list reads cards with: each timed with and without them, in one run, on one
 * database holding the demo community.
 *
 *   npm run bench:card-columns -- [--posts 100000] [--likes 200000] [--data DIR] [--pg postgres://…/db] [--runs 400]
 *
 * Seeds (or reuses) a SQLite database in --data and, with --pg, a PostgreSQL database there, then for
 * each statement alternates the two texts in blocks of 20 calls (support.ts `alternate`) and prints
 * the median µs per call of each and their ratio.
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { cardElsewhere } from '../server/src/db/shared.repository.ts';
import { FETCH, SQL } from '../server/src/feed/feed.repository.ts';
import { alternate, arg, onDemoDatabases } from './support.ts';

const posts = arg('posts', '100000');
const likes = arg('likes', String(Number(posts) * 2));
const runs = Number(arg('runs', '400'));
const dataDir = path.resolve(arg('data', path.join(os.tmpdir(), `inkwell-card-columns-${posts}`)));
const pgUrl = arg('pg', '');

/** The text as it was before: without the five columns. */
const before = (text: string) => text.replace(`${cardElsewhere('p', 'u')},`, '');

async function run(label: string, database: Database): Promise<void> {
  await migrateToLatest(database.db);
  await sql`ANALYZE`.execute(database.db);
  const newest = await database.all<{ id: number }>('SELECT id FROM posts ORDER BY id DESC LIMIT ?', [FETCH]);
  const ids = newest.map((row) => Number(row.id));
  const viewer = 1;
  const cases = [
    { name: `a page of ${FETCH} cards by id`, text: SQL.cardsByIdsNewestFirst, params: [viewer, viewer, ...ids] },
    { name: 'one post (its details)', text: SQL.detail, params: [viewer, viewer, ids[0]] },
  ];
  console.log(`\n${label}: ${posts} posts, median µs per call of ${runs}`);
  console.log('| statement | without the five columns | with them | with / without |\n|---|---:|---:|---:|');
  for (const c of cases) {
    const texts = [before(c.text), c.text] as const;
    if (texts[0] === texts[1]) throw new Error('no card columns to take away');
    const { old, now } = await alternate(database, texts, c.params, runs);
    console.log(`| ${c.name} | ${old.toFixed(0)} | ${now.toFixed(0)} | ${(now / old).toFixed(2)} |`);
  }
}

await onDemoDatabases(dataDir, { posts, likes }, pgUrl, run);
