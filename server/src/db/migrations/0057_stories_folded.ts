import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The fold, step 5e, its second part (ADR 0080, 0083, docs/fold-audit.md §4): the stories of accounts
 * elsewhere that members follow become posts (0055 gave posts `ap_id` and `url` and let `category_id`
 * be null), members' likes of them likes, and members' replies to them comments. Frozen, portable.
 * - A remote_stories row becomes a post of its account's row of users (remote_actors.user_id, 0046),
 *   with no topic: ap_id its object id, url its page there, title and sub_title its title and summary
 *   ('' for none), description its sanitized content, body_text and read_time from that content's words
 *   (a hundred a minute, as SPEC §5 counts them), created_at when it was published. It is counted in its
 *   account's post_count, and in likes_count and comments_count with the rows below. New ids follow the
 *   old ones' order. A story already a post (by its ap_id) or of an account 0046 could not bridge stays.
 * - A remote_story_likes row becomes a like of kind 'like' with activity_id the Like sent (its Undo
 *   names it); a remote_story_replies row a comment of its member, with ap_id the path of the Note it was
 *   published as ('/ap/notes/s<its id>': an ap_id starting with '/' is ours, as 0054 kept answers').
 * - A reply's Create still owed (federation_deliveries.subject 'story-reply:<id>', kind 'create') is
 *   owed as 'comment:<comments id>'. An owed Delete keeps 'story-reply:<id>': it names the Note by the
 *   id it went out with, and its row is gone.
 * - The three tables are left empty (dropped in step 6 with the other remote_* tables).
 * SQLite runs it in one transaction (BEGIN IMMEDIATE, as 0052 and 0054); on PostgreSQL the Migrator's
 * holds it.
 * Down puts back every post with an ap_id whose account has a remote_actors row, as a remote_stories
 * row ('' title or summary as null), with its members' likes that were sent (an activity_id) and its
 * members' comments; a comment with ap_id '/ap/notes/s<n>' gets back the id n, another a new one, and
 * its owed Create is owed as 'story-reply:<id>' again. The post goes, with what hangs on it that the old
 * tables cannot hold: replies under those comments, comments of accounts elsewhere, likes never sent,
 * owed Likes and Undos (`like:<post id>`) and Deletes of comments (`comment:<id>`), which the old
 * server would drop unsent.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** SPEC §5, frozen here: the words of the content, a hundred a minute, rounded up. */
const WORDS_PER_MINUTE = 100;
const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const readTime = (text: string) => (text === '' ? 0 : Math.ceil(text.split(' ').length / WORDS_PER_MINUTE));

/** The id n of a comment `c` whose ap_id is '/ap/notes/s<n>' (n of up to 9 digits), else null. */
const PUBLISHED_ID =
  "CAST(CASE WHEN c.ap_id LIKE '/ap/notes/s%' AND length(c.ap_id) BETWEEN 12 AND 20 AND ltrim(substr(c.ap_id, 12), '0123456789') = '' THEN substr(c.ap_id, 12) END AS integer)";

async function inOneTransaction(db: AnyDb, work: () => Promise<void>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return work();
  await sql.raw('BEGIN IMMEDIATE').execute(db);
  try {
    await work();
    await sql.raw('COMMIT').execute(db);
  } catch (err) {
    await sql.raw('ROLLBACK').execute(db);
    throw err;
  }
}

interface StoryRow {
  id: number;
  user_id: number;
  object_uri: string;
  url: string | null;
  title: string | null;
  summary: string | null;
  content: string;
  published_at: string;
  updated_at: string;
  likes: number | string;
  replies: number | string;
}

export async function up(db: AnyDb): Promise<void> {
  await inOneTransaction(db, async () => {
    const { rows } = await sql<StoryRow>`SELECT s.id, a.user_id, s.object_uri, s.url, s.title, s.summary, s.content, s.published_at, s.updated_at,
        (SELECT COUNT(*) FROM remote_story_likes l WHERE l.story_id = s.id) AS likes,
        (SELECT COUNT(*) FROM remote_story_replies r WHERE r.story_id = s.id) AS replies
      FROM remote_stories s JOIN remote_actors a ON a.id = s.actor_id
      WHERE a.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.ap_id = s.object_uri)
      ORDER BY s.id`.execute(db);
    for (const s of rows) {
      const text = plainText(s.content);
      await sql`INSERT INTO posts (user_id, category_id, title, sub_title, description, body_text, image, read_time, likes_count, comments_count,
          created_at, updated_at, ap_id, url)
        VALUES (${s.user_id}, NULL, ${s.title ?? ''}, ${s.summary ?? ''}, ${s.content}, ${text}, NULL, ${readTime(text)}, ${Number(s.likes)}, ${Number(s.replies)},
          ${s.published_at}, ${s.updated_at}, ${s.object_uri}, ${s.url})`.execute(db);
      await sql`UPDATE users SET post_count = post_count + 1 WHERE id = ${s.user_id}`.execute(db);
    }
    const moved = 'JOIN remote_stories s ON s.id = x.story_id JOIN posts p ON p.ap_id = s.object_uri';
    await sql
      .raw(
        `INSERT INTO likes (post_id, user_id, created_at, activity_id, kind)
      SELECT p.id, x.user_id, x.created_at, x.like_uri, 'like' FROM remote_story_likes x ${moved}`,
      )
      .execute(db);
    await sql
      .raw(
        `INSERT INTO comments (user_id, post_id, body, created_at, updated_at, ap_id, url)
      SELECT x.user_id, p.id, x.body, x.created_at, x.created_at, '/ap/notes/s' || CAST(x.id AS text), NULL FROM remote_story_replies x ${moved} ORDER BY x.id`,
      )
      .execute(db);
    const commentOf = "SELECT c.id FROM comments c WHERE c.ap_id = '/ap/notes/s' || substr(federation_deliveries.subject, 13)";
    await sql
      .raw(
        `UPDATE federation_deliveries SET subject = 'comment:' || CAST((${commentOf}) AS text)
      WHERE kind = 'create' AND subject LIKE 'story-reply:%' AND EXISTS (${commentOf})`,
      )
      .execute(db);

    const folded = 'SELECT s.id FROM remote_stories s JOIN posts p ON p.ap_id = s.object_uri';
    await sql.raw(`DELETE FROM remote_story_likes WHERE story_id IN (${folded})`).execute(db);
    await sql.raw(`DELETE FROM remote_story_replies WHERE story_id IN (${folded})`).execute(db);
    await sql.raw(`DELETE FROM remote_stories WHERE id IN (${folded})`).execute(db);
  });
}

interface CommentRow {
  id: number;
  story_id: number;
  user_id: number;
  body: string;
  created_at: string;
  published: number | null;
}

export async function down(db: AnyDb): Promise<void> {
  await inOneTransaction(db, async () => {
    // The stories that go back: posts from elsewhere of an account with a remote_actors row.
    const back = `SELECT p.id FROM posts p JOIN remote_actors a ON a.user_id = p.user_id
      WHERE p.ap_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM remote_stories o WHERE o.object_uri = p.ap_id)`;
    const { rows: posts } = await sql<{ id: number }>`${sql.raw(back)} ORDER BY p.id`.execute(db);
    if (posts.length === 0) return;
    // Named by their ids from here on (once a story is back, `back` no longer finds its post).
    const ids = posts.map((row) => Number(row.id)).join(', ');
    await sql
      .raw(
        `INSERT INTO remote_stories (actor_id, object_uri, url, title, summary, content, published_at, updated_at)
      SELECT a.id, p.ap_id, p.url, NULLIF(p.title, ''), NULLIF(p.sub_title, ''), p.description, p.created_at, p.updated_at
      FROM posts p JOIN remote_actors a ON a.user_id = p.user_id WHERE p.id IN (${ids}) ORDER BY p.id`,
      )
      .execute(db);
    const story = 'JOIN posts p ON p.id = x.post_id JOIN remote_stories s ON s.object_uri = p.ap_id JOIN users u ON u.id = x.user_id';
    await sql
      .raw(
        `INSERT INTO remote_story_likes (user_id, story_id, like_uri, created_at)
      SELECT x.user_id, s.id, x.activity_id, x.created_at FROM likes x ${story}
      WHERE x.kind = 'like' AND x.activity_id IS NOT NULL AND u.domain IS NULL AND p.id IN (${ids})`,
      )
      .execute(db);

    const { rows: comments } = await sql<CommentRow>`SELECT c.id, s.id AS story_id, c.user_id, c.body, c.created_at, ${sql.raw(PUBLISHED_ID)} AS published
      FROM comments c ${sql.raw(story.replaceAll('x.', 'c.'))} WHERE u.domain IS NULL AND p.id IN (${sql.raw(ids)}) ORDER BY c.id`.execute(db);
    for (const c of comments) {
      const free = c.published !== null && (await sql`SELECT id FROM remote_story_replies WHERE id = ${c.published}`.execute(db)).rows.length === 0;
      const inserted = free
        ? await sql<{ id: number }>`INSERT INTO remote_story_replies (id, story_id, user_id, body, created_at)
            VALUES (${c.published}, ${c.story_id}, ${c.user_id}, ${c.body}, ${c.created_at}) RETURNING id`.execute(db)
        : await sql<{ id: number }>`INSERT INTO remote_story_replies (story_id, user_id, body, created_at)
            VALUES (${c.story_id}, ${c.user_id}, ${c.body}, ${c.created_at}) RETURNING id`.execute(db);
      await sql`UPDATE federation_deliveries SET subject = ${`story-reply:${inserted.rows[0]!.id}`}
        WHERE kind = 'create' AND subject = ${`comment:${c.id}`}`.execute(db);
    }

    for (const { id } of posts) {
      await sql`UPDATE users SET post_count = post_count - 1 WHERE id = (SELECT user_id FROM posts WHERE id = ${id})`.execute(db);
      await sql`DELETE FROM posts WHERE id = ${id}`.execute(db);
    }
  });
}
