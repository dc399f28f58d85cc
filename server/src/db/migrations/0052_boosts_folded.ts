import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The fold, step 5c, its second half (ADR 0080, 0083, docs/fold-audit.md §4): a boost (an Announce of
 * a story) from an account of another server is a row of `likes` of kind 'boost', beside the likes
 * (kind 'like', every row so far). The key becomes (post_id, user_id, kind), so one account may both
 * like and boost a story; a boost is not counted in posts.likes_count, as it never was. The two
 * indexes lead with the kind after their first column, so every reader of likes (which asks for one
 * kind) stays an index walk. The boost's notification becomes one of type 'boost' (it was a 'like'
 * row keyed by notifications.remote_reaction_id, which is now null everywhere); remote_reactions is
 * left empty, and goes with notifications.remote_* in step 6. Frozen, portable.
 * - PostgreSQL: ALTER TABLE in place (the key and the two indexes are made again).
 * - SQLite cannot change a primary key in place: likes is rebuilt in one transaction. Nothing
 *   references likes, so foreign keys may stay on.
 * Down moves the boosts back into remote_reactions with their notifications, then restores the shape.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const KINDS = "kind IN ('like', 'boost')";

function likesTable(name: string, withKind: boolean): string {
  return `CREATE TABLE "${name}" ("post_id" integer not null references "posts" ("id") on delete cascade,
    "user_id" integer not null references "users" ("id") on delete cascade, "created_at" text not null, "activity_id" text,
    ${withKind ? `"kind" text default 'like' not null, constraint "likes_kind" check (${KINDS}), ` : ''}constraint "likes_pk" primary key ("post_id", "user_id"${withKind ? ', "kind"' : ''}))`;
}

function likesIndexes(withKind: boolean): string[] {
  const kind = withKind ? '"kind", ' : '';
  return [
    `CREATE INDEX "likes_user_idx" on "likes" ("user_id", ${kind}"post_id")`,
    `CREATE INDEX "likes_post_time_idx" on "likes" ("post_id", ${kind}"created_at")`,
    'CREATE UNIQUE INDEX "likes_activity_id_key" on "likes" ("activity_id")',
  ];
}

async function reshape(db: AnyDb, withKind: boolean): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await run('DROP INDEX likes_user_idx');
    await run('DROP INDEX likes_post_time_idx');
    await run(
      withKind
        ? `ALTER TABLE likes DROP CONSTRAINT likes_pk, ADD COLUMN kind text NOT NULL DEFAULT 'like', ADD CONSTRAINT likes_kind CHECK (${KINDS}),
           ADD CONSTRAINT likes_pk PRIMARY KEY (post_id, user_id, kind)`
        : 'ALTER TABLE likes DROP CONSTRAINT likes_pk, DROP COLUMN kind, ADD CONSTRAINT likes_pk PRIMARY KEY (post_id, user_id)',
    );
    for (const statement of likesIndexes(withKind).slice(0, 2)) await run(statement);
    return;
  }
  await run('BEGIN IMMEDIATE');
  try {
    const columns = 'post_id, user_id, created_at, activity_id';
    await run(likesTable('likes_next', withKind));
    await run(`INSERT INTO likes_next (${columns}) SELECT ${columns} FROM likes`);
    await run('DROP TABLE likes');
    await run('ALTER TABLE likes_next RENAME TO likes');
    for (const statement of likesIndexes(withKind)) await run(statement);
    await run('COMMIT');
  } catch (err) {
    await run('ROLLBACK');
    throw err;
  }
}

export async function up(db: AnyDb): Promise<void> {
  await reshape(db, true);
  await sql`INSERT INTO likes (post_id, user_id, kind, created_at, activity_id)
    SELECT rr.post_id, ra.user_id, 'boost', rr.created_at, rr.activity_uri FROM remote_reactions rr JOIN remote_actors ra ON ra.id = rr.actor_id
    WHERE rr.kind = 'announce' AND ra.user_id IS NOT NULL
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`UPDATE notifications SET type = 'boost', remote_reaction_id = NULL WHERE remote_reaction_id IS NOT NULL`.execute(db);
  await sql`DELETE FROM remote_reactions WHERE kind = 'announce' AND actor_id IN (SELECT id FROM remote_actors WHERE user_id IS NOT NULL)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`INSERT INTO remote_reactions (post_id, actor_id, kind, activity_uri, created_at)
    SELECT l.post_id, ra.id, 'announce', coalesce(l.activity_id, ''), l.created_at FROM likes l JOIN remote_actors ra ON ra.user_id = l.user_id
    WHERE l.kind = 'boost' ORDER BY l.created_at, l.post_id`.execute(db);
  const boostOf = `SELECT rr.id FROM remote_reactions rr JOIN remote_actors ra ON ra.id = rr.actor_id
    WHERE rr.kind = 'announce' AND rr.post_id = notifications.post_id AND ra.user_id = notifications.actor_id`;
  // A boost's notification names its row of remote_reactions again (one without it cannot stay).
  await sql.raw(`DELETE FROM notifications WHERE type = 'boost' AND NOT EXISTS (${boostOf})`).execute(db);
  await sql.raw(`UPDATE notifications SET type = 'like', remote_reaction_id = (${boostOf}) WHERE type = 'boost'`).execute(db);
  await sql`DELETE FROM likes WHERE kind = 'boost'`.execute(db);
  await reshape(db, false);
}
