import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The fold, step 5d, its second part (ADR 0080, 0083, docs/fold-audit.md §0.5, §3): the rows of
 * remote_comments become comments and replies (0053 gave them `ap_id` and `url`). Frozen, portable.
 * - A row that opens a thread (thread_id null) becomes a comment on its story; every other row a reply
 *   of its thread's comment, answering (reply_to_id) the reply its row answered, or none when it
 *   answered the thread's first row. Each is by its author's row of users: an account elsewhere's
 *   (remote_actors.user_id, 0046) or the member's; body, created_at and updated_at are kept. New ids
 *   follow the old ones' order.
 * - ap_id is an account's Note id (note_uri), url its page there. A member's answer keeps the Note id it
 *   was published at, as the path '/ap/notes/<its remote_comments id>' (an ap_id starting with '/' is
 *   ours, under the public URL), so other servers' inReplyTo and Deletes still find it.
 * - A row's notifications name its comment (comment_id) or reply (reply_id) instead; remote_comment_id
 *   is null (it goes in step 6). They are moved before the rows go, for remote_comment_id cascades.
 * - An answer's Create still owed (federation_deliveries.subject 'answer:<id>', kind 'create') is owed
 *   as 'reply:<replies id>'. An owed Delete keeps 'answer:<id>': it names the Note by the id it went out
 *   with, and its row is gone.
 * - remote_comments is left empty (dropped in step 6 with the other remote_* tables, as 0052 left
 *   remote_reactions). posts.comments_count counted these rows already.
 * A thread moves whole or not at all: one with a row that cannot become a comment or a reply (by an
 * actor 0046 could not bridge to users, or without a Note id; the app writes neither) stays in
 * remote_comments, so that no answer is left without its comment. Old and new ids meet in a temporary table (fold_ids),
 * filled through the unique ap_id. SQLite runs it in one transaction (BEGIN IMMEDIATE, as 0052); on
 * PostgreSQL the Migrator's holds it.
 * Down puts back every thread whose comment is an account elsewhere's (or has one of our '/ap/notes/'
 * paths) with all its replies, the members' too (they would go with the comment, and such a thread
 * was remote_comments' until now), its notifications and owed Creates; it is deleted from comments and
 * replies. A member's row whose ap_id is '/ap/notes/<n>' gets back the id n (explicit ids insert
 * portably; n came from the table's own sequence, which is past it). An account's row gets a new id
 * (its old one is kept nowhere), after every id the table used, as does a member's reply written since
 * (its Note id /ap/notes/r<id> cannot be kept: that Note is published anew by its row's id). What
 * remote_comments never held stays: a member's ordinary comment and its replies, even an account's
 * reply to one; a thread with an account that lost its remote_actors row; an owed Delete of a reply.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The ap_id a remote_comments row `c` becomes: an account's Note id, or the path of a member's Note. */
const AP_ID = "CASE WHEN c.user_id IS NULL THEN c.note_uri ELSE '/ap/notes/' || CAST(c.id AS text) END";

/** The id n of a member's row whose ap_id `x` is '/ap/notes/<n>' (n of up to 9 digits), else null. */
const PUBLISHED_ID =
  "CAST(CASE WHEN x.ap_id LIKE '/ap/notes/%' AND length(x.ap_id) BETWEEN 11 AND 19 AND ltrim(substr(x.ap_id, 11), '0123456789') = '' THEN substr(x.ap_id, 11) END AS integer)";

async function inOneTransaction(db: AnyDb, work: (run: (text: string) => Promise<unknown>) => Promise<void>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) return work(run);
  await run('BEGIN IMMEDIATE');
  try {
    await work(run);
    await run('COMMIT');
  } catch (err) {
    await run('ROLLBACK');
    throw err;
  }
}

export async function up(db: AnyDb): Promise<void> {
  await inOneTransaction(db, async (run) => {
    await run('CREATE TEMPORARY TABLE fold_ids (remote_id integer PRIMARY KEY, comment_id integer UNIQUE, reply_id integer UNIQUE)');
    // The threads that move: their first rows, then the rest of them.
    await run(`INSERT INTO fold_ids (remote_id)
      SELECT c.id FROM remote_comments c WHERE c.thread_id IS NULL AND NOT EXISTS (
        SELECT 1 FROM remote_comments x LEFT JOIN remote_actors xa ON xa.id = x.actor_id
        WHERE (x.id = c.id OR x.thread_id = c.id) AND x.user_id IS NULL AND (xa.user_id IS NULL OR x.note_uri IS NULL))`);
    await run('INSERT INTO fold_ids (remote_id) SELECT c.id FROM remote_comments c WHERE c.thread_id IN (SELECT remote_id FROM fold_ids)');

    await run(`INSERT INTO comments (user_id, post_id, body, created_at, updated_at, ap_id, url)
      SELECT coalesce(c.user_id, ra.user_id), c.post_id, c.body, c.created_at, c.updated_at, ${AP_ID}, c.url
      FROM fold_ids f JOIN remote_comments c ON c.id = f.remote_id LEFT JOIN remote_actors ra ON ra.id = c.actor_id
      WHERE c.thread_id IS NULL ORDER BY c.id`);
    await run(`UPDATE fold_ids SET comment_id = (SELECT m.id FROM remote_comments c JOIN comments m ON m.ap_id = ${AP_ID} WHERE c.id = fold_ids.remote_id)
      WHERE remote_id IN (SELECT id FROM remote_comments WHERE thread_id IS NULL)`);

    // Replies answer no one at first; once each has its new id, reply_to_id is set through fold_ids.
    await run(`INSERT INTO replies (user_id, comment_id, post_id, body, created_at, updated_at, ap_id, url)
      SELECT coalesce(c.user_id, ra.user_id), t.comment_id, c.post_id, c.body, c.created_at, c.updated_at, ${AP_ID}, c.url
      FROM fold_ids f JOIN remote_comments c ON c.id = f.remote_id JOIN fold_ids t ON t.remote_id = c.thread_id LEFT JOIN remote_actors ra ON ra.id = c.actor_id
      ORDER BY c.id`);
    await run(`UPDATE fold_ids SET reply_id = (SELECT r.id FROM remote_comments c JOIN replies r ON r.ap_id = ${AP_ID} WHERE c.id = fold_ids.remote_id)
      WHERE remote_id IN (SELECT id FROM remote_comments WHERE thread_id IS NOT NULL)`);
    await run(`UPDATE replies SET reply_to_id = (
        SELECT a.reply_id FROM fold_ids f JOIN remote_comments c ON c.id = f.remote_id
        JOIN remote_comments answered ON answered.id = c.reply_to_id AND answered.thread_id = c.thread_id JOIN fold_ids a ON a.remote_id = answered.id
        WHERE f.reply_id = replies.id)
      WHERE id IN (SELECT f.reply_id FROM fold_ids f JOIN remote_comments c ON c.id = f.remote_id WHERE c.reply_to_id IS NOT NULL)`);

    await run(`UPDATE notifications SET
        comment_id = (SELECT f.comment_id FROM fold_ids f WHERE f.remote_id = notifications.remote_comment_id),
        reply_id = (SELECT f.reply_id FROM fold_ids f WHERE f.remote_id = notifications.remote_comment_id),
        remote_comment_id = NULL
      WHERE remote_comment_id IN (SELECT remote_id FROM fold_ids)`);
    const answerOf = "SELECT f.reply_id FROM fold_ids f WHERE 'answer:' || CAST(f.remote_id AS text) = federation_deliveries.subject AND f.reply_id IS NOT NULL";
    await run(`UPDATE federation_deliveries SET subject = 'reply:' || CAST((${answerOf}) AS text)
      WHERE kind = 'create' AND subject LIKE 'answer:%' AND EXISTS (${answerOf})`);

    await run('DELETE FROM remote_comments WHERE id IN (SELECT remote_id FROM fold_ids)');
    await run('DROP TABLE fold_ids');
  });
}

export async function down(db: AnyDb): Promise<void> {
  await inOneTransaction(db, async (run) => {
    // remote_id: the member's published id n first (when free), else the new row's id once inserted.
    await run('CREATE TEMPORARY TABLE fold_ids (comment_id integer UNIQUE, reply_id integer UNIQUE, remote_id integer UNIQUE)');
    // The threads that go back: an account's comment (or one of our published Notes), none of whose
    // accounts lost its remote_actors row; then all their replies.
    await run(`INSERT INTO fold_ids (comment_id)
      SELECT c.id FROM comments c JOIN users u ON u.id = c.user_id
      WHERE (u.domain IS NOT NULL OR c.ap_id LIKE '/ap/notes/%') AND NOT EXISTS (
        SELECT 1 FROM users x WHERE x.domain IS NOT NULL AND (x.id = c.user_id OR x.id IN (SELECT r.user_id FROM replies r WHERE r.comment_id = c.id))
        AND NOT EXISTS (SELECT 1 FROM remote_actors ra WHERE ra.user_id = x.id))`);
    await run('INSERT INTO fold_ids (reply_id) SELECT r.id FROM replies r WHERE r.comment_id IN (SELECT comment_id FROM fold_ids)');

    for (const [table, column] of [
      ['comments', 'comment_id'],
      ['replies', 'reply_id'],
    ] as const) {
      await run(`UPDATE fold_ids SET remote_id = (SELECT ${PUBLISHED_ID} FROM ${table} x JOIN users u ON u.id = x.user_id WHERE x.id = fold_ids.${column} AND u.domain IS NULL)
        WHERE ${column} IS NOT NULL`);
    }
    await run('UPDATE fold_ids SET remote_id = NULL WHERE remote_id IN (SELECT id FROM remote_comments)');

    // Each row is inserted with a key of its own in note_uri ('comments:<id>', 'replies:<id>'), by which
    // fold_ids learns the new ids; note_uri is set right once thread_id and reply_to_id are.
    const values = (table: string) => `x.post_id, CASE WHEN u.domain IS NULL THEN NULL ELSE (SELECT ra.id FROM remote_actors ra WHERE ra.user_id = x.user_id) END,
      CASE WHEN u.domain IS NULL THEN x.user_id END, '${table}:' || CAST(x.id AS text), x.url, x.body, x.created_at, x.updated_at`;
    const columns = 'post_id, actor_id, user_id, note_uri, url, body, created_at, updated_at';
    for (const [table, column] of [
      ['comments', 'comment_id'],
      ['replies', 'reply_id'],
    ] as const) {
      await run(`INSERT INTO remote_comments (id, ${columns}) SELECT f.remote_id, ${values(table)}
        FROM fold_ids f JOIN ${table} x ON x.id = f.${column} JOIN users u ON u.id = x.user_id WHERE f.remote_id IS NOT NULL ORDER BY x.id`);
    }
    for (const [table, column] of [
      ['comments', 'comment_id'],
      ['replies', 'reply_id'],
    ] as const) {
      await run(`INSERT INTO remote_comments (${columns}) SELECT ${values(table)}
        FROM fold_ids f JOIN ${table} x ON x.id = f.${column} JOIN users u ON u.id = x.user_id WHERE f.remote_id IS NULL ORDER BY x.id`);
      await run(`UPDATE fold_ids SET remote_id = (SELECT rc.id FROM remote_comments rc WHERE rc.note_uri = '${table}:' || CAST(fold_ids.${column} AS text))
        WHERE ${column} IS NOT NULL AND remote_id IS NULL`);
    }

    await run(`UPDATE remote_comments SET
        thread_id = (SELECT t.remote_id FROM fold_ids f JOIN replies r ON r.id = f.reply_id JOIN fold_ids t ON t.comment_id = r.comment_id WHERE f.remote_id = remote_comments.id),
        reply_to_id = (SELECT a.remote_id FROM fold_ids f JOIN replies r ON r.id = f.reply_id JOIN fold_ids a ON a.reply_id = r.reply_to_id WHERE f.remote_id = remote_comments.id)
      WHERE id IN (SELECT remote_id FROM fold_ids WHERE reply_id IS NOT NULL)`);
    await run(`UPDATE remote_comments SET note_uri = CASE WHEN user_id IS NOT NULL THEN NULL ELSE (
        SELECT coalesce(c.ap_id, r.ap_id) FROM fold_ids f LEFT JOIN comments c ON c.id = f.comment_id LEFT JOIN replies r ON r.id = f.reply_id
        WHERE f.remote_id = remote_comments.id) END
      WHERE id IN (SELECT remote_id FROM fold_ids)`);

    await run(`UPDATE notifications SET
        remote_comment_id = coalesce(
          (SELECT f.remote_id FROM fold_ids f WHERE f.reply_id = notifications.reply_id),
          (SELECT f.remote_id FROM fold_ids f WHERE f.comment_id = notifications.comment_id)),
        comment_id = NULL, reply_id = NULL
      WHERE reply_id IN (SELECT reply_id FROM fold_ids) OR comment_id IN (SELECT comment_id FROM fold_ids)`);
    const replyOf = "SELECT f.remote_id FROM fold_ids f WHERE 'reply:' || CAST(f.reply_id AS text) = federation_deliveries.subject AND f.reply_id IS NOT NULL";
    await run(`UPDATE federation_deliveries SET subject = 'answer:' || CAST((${replyOf}) AS text)
      WHERE kind = 'create' AND subject LIKE 'reply:%' AND EXISTS (${replyOf})`);

    await run('DELETE FROM replies WHERE id IN (SELECT reply_id FROM fold_ids)');
    await run('DELETE FROM comments WHERE id IN (SELECT comment_id FROM fold_ids)');
    await run('DROP TABLE fold_ids');
  });
}
