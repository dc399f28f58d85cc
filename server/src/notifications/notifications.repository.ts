import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * A user's notifications, newest first, leaving out those brought by someone the user blocked or by a
 * member who deactivated their account.
 */
export function listNotifications(db: Kysely<DB>, userId: number, limit: number) {
  return db
    .selectFrom('notifications as n')
    .select(['n.id', 'n.type', 'n.message', 'n.updated_at'])
    .where('n.user_id', '=', userId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('blocks as b').select('b.blocker_id').where('b.blocker_id', '=', userId).whereRef('b.blocked_id', '=', 'n.actor_id'),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('users as a').select('a.id').whereRef('a.id', '=', 'n.actor_id').where('a.deactivated_at', 'is not', null)),
      ),
    )
    .orderBy('n.updated_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(limit)
    .execute();
}
