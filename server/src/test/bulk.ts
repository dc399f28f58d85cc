import { sql } from 'kysely';
import type { TestApp } from './app.ts';

/**
 * `rows` people ('Person n Everyone', user name 'user<n>', n % 50 followers) and `rows` posts by the
 * first of them ('Common notes number n', a body of one word no title holds), each in one statement,
 * then ANALYZE: tables large enough for query plans and load tests to mean something.
 */
export async function bulkPeopleAndPosts(t: TestApp, rows: number): Promise<void> {
  const postgres = t.database.dialect === 'postgres';
  const series = postgres ? sql`SELECT generate_series(1, ${rows}) AS n` : sql`WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${rows}) SELECT n FROM s`;
  const now = new Date().toISOString();
  await sql`INSERT INTO users (email, email_normalized, name, username, created_at, updated_at, followers_count)
    SELECT 'p' || n || '@example.com', 'p' || n || '@example.com', 'Person ' || n || ' Everyone', 'user' || n, ${now}, ${now}, n % 50
    FROM (${series}) s`.execute(t.db);
  const author = (await t.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const category = (await t.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  await sql`INSERT INTO posts (user_id, category_id, title, sub_title, description, read_time, created_at, updated_at)
    SELECT ${author}, ${category}, 'Common notes number ' || n, 'sub', '<p>uncommonbodyword</p>', 1, ${now}, ${now}
    FROM (${series}) s`.execute(t.db);
  await sql`UPDATE users SET post_count = ${rows} WHERE id = ${author}`.execute(t.db);
  await sql`ANALYZE`.execute(t.db);
}
