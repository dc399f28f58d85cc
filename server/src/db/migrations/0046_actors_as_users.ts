import { type ExpressionBuilder, type Kysely, sql } from 'kysely';

/**
 * The fold, step 4 (ADR 0080, 0083, docs/fold-audit.md §4): every account of another server we know
 * becomes a row of `users` (domain set, no address), and remote_actors.user_id points at it, the bridge
 * by which the remote_* tables are folded one at a time. Nothing reads the new rows yet. Frozen, portable.
 * - A row of users per remote_actors row: its URI (ap_id), host (domain), handle, name, inbox, shared
 *   inbox, page and picture as last read (fetched_at), no mail of any kind (notify_* 0), counters 0
 *   (no follow, like or story of theirs is in the shared tables yet).
 * - remote_actors.user_id, unique; a plain column, not a foreign key, so that down can drop it on SQLite
 *   (which cannot drop a column a key uses) without rebuilding remote_actors and the nine tables on it.
 * Down deletes those rows of users and the column.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyExpressions = ExpressionBuilder<any, any>;

const BATCH = 500;

interface ActorRow {
  id: number;
  uri: string;
  inbox: string;
  shared_inbox: string | null;
  handle: string;
  name: string | null;
  icon_url: string | null;
  url: string | null;
  updated_at: string;
}

/** The host of an actor's id as its handle names it (`URL.host`: lower case, with a port other than the default). */
function hostOf(uri: string): string | null {
  try {
    return new URL(uri).host || null;
  } catch {
    return null;
  }
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('remote_actors').addColumn('user_id', 'integer').execute();
  await db.schema.createIndex('remote_actors_user_id_key').on('remote_actors').column('user_id').unique().execute();
  for (let after = 0; ;) {
    const actors = (await db.selectFrom('remote_actors').selectAll().where('id', '>', after).orderBy('id').limit(BATCH).execute()) as ActorRow[];
    if (actors.length === 0) break;
    after = actors[actors.length - 1]!.id;
    const rows = actors.flatMap((a) => {
      // An id that is no address was never kept (remote-actor.ts checks it); such a row stays unbridged.
      const domain = hostOf(a.uri);
      return domain === null
        ? []
        : [
            {
              email: null,
              email_normalized: null,
              name: a.name,
              domain,
              handle: a.handle,
              ap_id: a.uri,
              inbox: a.inbox,
              shared_inbox: a.shared_inbox,
              url: a.url,
              icon_url: a.icon_url,
              fetched_at: a.updated_at,
              notify_like: 0,
              notify_comment: 0,
              notify_follow: 0,
              notify_help: 0,
              created_at: a.updated_at,
              updated_at: a.updated_at,
            },
          ];
    });
    if (rows.length > 0)
      await db
        .insertInto('users')
        .values(rows)
        .onConflict((oc) => oc.column('ap_id').doNothing())
        .execute();
  }
  await sql`UPDATE remote_actors SET user_id = (SELECT users.id FROM users WHERE users.ap_id = remote_actors.uri)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db
    .deleteFrom('users')
    .where('id', 'in', (eb: AnyExpressions) => eb.selectFrom('remote_actors').select('user_id').where('user_id', 'is not', null))
    .execute();
  await db.schema.dropIndex('remote_actors_user_id_key').execute();
  await db.schema.alterTable('remote_actors').dropColumn('user_id').execute();
}
