import { type Kysely, sql } from 'kysely';

/**
 * The fold, step 5c, its first half (ADR 0080, 0083, docs/fold-audit.md §4): a like of a story from an
 * account of another server is a row of `likes` like a member's (user_id its row of users, through
 * remote_actors.user_id, 0046), with the Like's id in the new likes.activity_id (unique; its Undo
 * names it; null for a member's like). It was already counted in posts.likes_count, so no counter
 * moves. The boosts stay in remote_reactions until they are folded as likes of their own kind.
 * Frozen, portable. Down moves those likes back into remote_reactions.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('likes').addColumn('activity_id', 'text').execute();
  await db.schema.createIndex('likes_activity_id_key').on('likes').column('activity_id').unique().execute();
  await sql`INSERT INTO likes (post_id, user_id, created_at, activity_id)
    SELECT rr.post_id, ra.user_id, rr.created_at, rr.activity_uri FROM remote_reactions rr JOIN remote_actors ra ON ra.id = rr.actor_id
    WHERE rr.kind = 'like' AND ra.user_id IS NOT NULL
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`DELETE FROM remote_reactions WHERE kind = 'like' AND actor_id IN (SELECT id FROM remote_actors WHERE user_id IS NOT NULL)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`INSERT INTO remote_reactions (post_id, actor_id, kind, activity_uri, created_at)
    SELECT l.post_id, ra.id, 'like', coalesce(l.activity_id, ''), l.created_at FROM likes l JOIN remote_actors ra ON ra.user_id = l.user_id
    ORDER BY l.created_at, l.post_id`.execute(db);
  await sql`DELETE FROM likes WHERE user_id IN (SELECT id FROM users WHERE domain IS NOT NULL)`.execute(db);
  await db.schema.dropIndex('likes_activity_id_key').execute();
  await db.schema.alterTable('likes').dropColumn('activity_id').execute();
}
