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
