import { HISTORY_PAGE_SIZE } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import { type Database, isPostgres } from '../db/database.ts';
import { cardElsewhere } from '../db/shared.repository.ts';
import type { CardRow } from '../lib/post-card.ts';
import type { DB } from '../db/schema.ts';

/**
 * The reading history's SQL (migration 0025). Reads are hand-written and prepared once (database.all);
 * writes go through Kysely, the member's adds one transaction each.
 */

/** One more than a page tells whether there is a next one. */
export const FETCH = HISTORY_PAGE_SIZE + 1;

/** A history entry: a card's row (lib/post-card.ts; author_active 0: the entry is left out) and when the member last opened it. */
export interface HistoryRow extends CardRow {
  read_at: string;
}

export const HISTORY_SQL = {
  /**
   * One page, last opened first, below the keyset (read_at, post_id): the member's entries from
   * reading_history_recent_idx (a literal LIMIT), then each post, author and cover by primary key.
   * Placeholders: viewer (likes), viewer (saves), member, read_at, read_at, post id.
   */
  page: `SELECT p.id, p.user_id, p.category_id, p.title, p.sub_title, p.image, si.width AS image_width,
      si.height AS image_height, p.read_time, p.created_at, p.likes_count, p.comments_count,
      u.name AS author_name, u.profile_picture AS author_picture, u.followers_count AS author_followers,
      CASE WHEN u.deactivated_at IS NULL THEN 1 ELSE 0 END AS author_active, ${cardElsewhere('p', 'u')},
      EXISTS (SELECT 1 FROM likes l WHERE l.post_id = p.id AND l.user_id = ? AND l.kind = 'like') AS is_like,
      EXISTS (SELECT 1 FROM saves s WHERE s.user_id = ? AND s.post_id = p.id) AS is_saved,
      page.read_at
    FROM (
      SELECT post_id, read_at FROM reading_history
      WHERE user_id = ? AND (read_at < ? OR (read_at = ? AND post_id < ?))
      ORDER BY read_at DESC, post_id DESC LIMIT ${FETCH}
    ) page
    JOIN posts p ON p.id = page.post_id JOIN users u ON u.id = p.user_id LEFT JOIN stored_images si ON si.path = p.image
    ORDER BY page.read_at DESC, p.id DESC`,
  /** Whether the member keeps a history. */
  keeps: 'SELECT keep_history FROM users WHERE id = ?',
  /** A post's author and whether they are active (a deactivated author's posts show nowhere). */
  post: `SELECT p.user_id, CASE WHEN u.deactivated_at IS NULL THEN 1 ELSE 0 END AS author_active
    FROM posts p JOIN users u ON u.id = p.user_id WHERE p.id = ?`,
} as const;

/** The first page's keyset: past every entry. */
export const HISTORY_START = { readAt: '9999-12-31T23:59:59.999Z', postId: 2_147_483_647 };

export function createHistoryRepository(database: Database, db: Kysely<DB>) {
  return {
    page: (viewer: number, before: { readAt: string; postId: number }) =>
      database.all<HistoryRow>(HISTORY_SQL.page, [viewer, viewer, viewer, before.readAt, before.readAt, before.postId]),

    /** Whether the member keeps a history (false for no such member). */
    async keeps(userId: number): Promise<boolean> {
      const [row] = await database.all<{ keep_history: number }>(HISTORY_SQL.keeps, [userId]);
      return Number(row?.keep_history ?? 0) === 1;
    },

    /** The post's author and whether they are active, or undefined when there is no such post. */
    async post(postId: number): Promise<{ user_id: number; author_active: boolean } | undefined> {
      const [row] = await database.all<{ user_id: number; author_active: number | boolean }>(HISTORY_SQL.post, [postId]);
      return row && { user_id: row.user_id, author_active: row.author_active === 1 || row.author_active === true };
    },

    /**
     * Records that the member opened the post now, in one transaction: only while they keep a history
     * (read again under the lock of their row on PostgreSQL, so a member's adds run one after the
     * other; SQLite's transactions take the write lock at BEGIN), one row per post (a re-read moves
     * read_at on, never back), and then at most `max` rows: the oldest go. Answers whether it recorded.
     */
    async record(userId: number, postId: number, now: string, max: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const member = trx.selectFrom('users').select('keep_history').where('id', '=', userId);
        const row = await (isPostgres(trx) ? member.forNoKeyUpdate() : member).executeTakeFirst();
        if (!row || Number(row.keep_history) !== 1) return false;
        await trx
          .insertInto('reading_history')
          .values({ user_id: userId, post_id: postId, read_at: now })
          .onConflict((oc) =>
            oc
              .columns(['user_id', 'post_id'])
              .doUpdateSet((eb) => ({ read_at: eb.ref('excluded.read_at') }))
              .where('reading_history.read_at', '<', now),
          )
          .execute();
        const { n } = await trx
          .selectFrom('reading_history')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        const extra = Number(n) - max;
        if (extra > 0) {
          const oldest = trx.selectFrom('reading_history').select('post_id').where('user_id', '=', userId).orderBy('read_at', 'asc').orderBy('post_id', 'asc').limit(extra);
          await trx.deleteFrom('reading_history').where('user_id', '=', userId).where('post_id', 'in', oldest).execute();
        }
        return true;
      });
    },

    async setKeeping(userId: number, on: boolean): Promise<void> {
      await db
        .updateTable('users')
        .set({ keep_history: on ? 1 : 0 })
        .where('id', '=', userId)
        .execute();
    },

    /** Forgets one entry; answers how many rows went (0 or 1). */
    async remove(userId: number, postId: number): Promise<number> {
      const result = await db.deleteFrom('reading_history').where('user_id', '=', userId).where('post_id', '=', postId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Forgets every entry of the member; answers how many went. */
    async clear(userId: number): Promise<number> {
      const result = await db.deleteFrom('reading_history').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
