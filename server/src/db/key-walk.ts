/**
 * The test `column = ?` of a keyset walk down a `(column, id)` index (a topic's or an author's posts,
 * newest first), to be ordered by `column DESC, id DESC`.
 *
 * PostgreSQL folds `column = $1` into a constant, and ORDER BY column, id into ORDER BY id, which the
 * primary key gives too: the generic plan a prepared statement settles on (chosen without the value)
 * may then walk the whole primary key backwards, filtering by the column: one page for a common topic,
 * the whole table for a rare one. Written `column = ANY(ARRAY[$1])`, the test is the same but folds
 * into nothing, so only the `(column, id)` index gives that order, with the value and the cursor as its
 * bounds. SQLite's planner needs no such help (its plans are checked in feed.plans.test.ts).
 */
export const walkKey = (postgres: boolean, column: string): string => (postgres ? `${column} = ANY(ARRAY[?::integer])` : `${column} = ?`);

/**
 * The site's posts for a walk newest first (or a window of the newest), which must say `ap_id IS NULL`:
 * down their partial index posts_site_idx (migration 0055), which holds no story from elsewhere.
 * SQLite is told to (INDEXED BY): given the cursor's value, its planner takes the stories from elsewhere
 * to be spread evenly and walks the primary key instead, reading every story from elsewhere newer than
 * the page (page 1 of the latest posts took 7× as long with 10 000 of them on top: bench/site-posts.ts).
 * PostgreSQL's planner takes the partial index by itself.
 */
export const sitePosts = (postgres: boolean, alias?: string): string => `posts${alias ? ` ${alias}` : ''}${postgres ? '' : ' INDEXED BY posts_site_idx'}`;
