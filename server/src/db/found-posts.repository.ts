import type { DialectName } from './database.ts';

/** A list of ids as one parameter: a JSON array read by json_each (SQLite), an integer array (PostgreSQL). */
export const ID_LIST = { sqlite: '(SELECT value FROM json_each(?))', postgres: '(SELECT unnest(?::int[]))' } as const;

/**
 * The reads of found posts that the results page (search/) and the library's search (library/) share,
 * each one parameter, a list of ids (ID_LIST): `found`, the site's posts (none from elsewhere) of active authors with what their
 * ranking needs (lib/search-text.ts FoundPost; the author's state as a scalar subquery, a primary-key
 * probe per post, never a walk of users), and `details`, what one shown page needs (FoundPostDetail).
 */
export function foundPostStatements(dialect: DialectName) {
  const ids = ID_LIST[dialect];
  return {
    found: `SELECT p.id, p.title, p.sub_title, p.created_at, p.user_id FROM posts p
      WHERE p.id ${dialect === 'sqlite' ? `IN ${ids}` : '= ANY(?::int[])'} AND p.ap_id IS NULL
        AND (SELECT u.deactivated_at FROM users u WHERE u.id = p.user_id) IS NULL`,
    details: `SELECT p.id, p.body_text, p.image, p.read_time,
      (SELECT si.width FROM stored_images si WHERE si.path = p.image) AS image_width,
      (SELECT u.name FROM users u WHERE u.id = p.user_id) AS author_name,
      (SELECT u.profile_picture FROM users u WHERE u.id = p.user_id) AS author_picture
      FROM posts p WHERE p.id IN ${ids}`,
  };
}
