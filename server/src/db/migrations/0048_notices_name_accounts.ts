import { type Kysely, sql } from 'kysely';

/**
 * The fold, step 4 (ADR 0080, 0083, docs/fold-audit.md §3): a notification brought by an account of
 * another server names it as its actor, its row of users (through remote_actors.user_id, 0046), as a
 * member's does; notifications.remote_actor_id is left null (it goes in the last step of the fold,
 * with remote_actors). Frozen, portable.
 * Down names the account by its remote_actors row again.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`UPDATE notifications
    SET actor_id = (SELECT ra.user_id FROM remote_actors ra WHERE ra.id = notifications.remote_actor_id), remote_actor_id = NULL
    WHERE remote_actor_id IN (SELECT id FROM remote_actors WHERE user_id IS NOT NULL)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`UPDATE notifications
    SET remote_actor_id = (SELECT ra.id FROM remote_actors ra WHERE ra.user_id = notifications.actor_id), actor_id = NULL
    WHERE actor_id IN (SELECT user_id FROM remote_actors WHERE user_id IS NOT NULL)`.execute(db);
}
