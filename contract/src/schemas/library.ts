import { z } from 'zod';
import { idField } from './common.ts';
import { postCard } from './feed.ts';
import { SEARCH_CURSOR_MAX, searchBody, searchResultPost } from './search.ts';

/**
 * A personal library (issue 13, additions): an opt-in reading history kept only for its member, and
 * one search over what they saved, read and wrote. Signed in, own only: nobody else can read it.
 */

/** The most stories one member's history keeps: the oldest goes when a new one comes. */
export const HISTORY_MAX = 1000;
/** How many entries one page of the history holds. */
export const HISTORY_PAGE_SIZE = 20;

export const HISTORY_MESSAGES = {
  on: 'Your reading history is on. Only you can see it.',
  off: 'Your reading history is off. What it holds stays until you clear it.',
  removed: 'Removed from your reading history.',
  cleared: 'Your reading history is empty.',
} as const;

const onFlag = z.preprocess(
  (v) => (v === '1' || v === 1 || v === true || v === 'true' ? 1 : v === '0' || v === 0 || v === false || v === 'false' ? 0 : v),
  z.union([z.literal(0), z.literal(1)], { error: 'The enabled field must be 1 or 0.' }),
);
const cursorField = z.string({ error: 'The cursor field is invalid.' }).max(SEARCH_CURSOR_MAX, 'The cursor field is invalid.').nullish();

/** One story the member opened: the card as every list shows it, and when they last opened it. */
export const historyEntry = z.object({ post: postCard, read_at: z.string() });
export type HistoryEntry = z.infer<typeof historyEntry>;

/**
 * POST /api/user/history {user_id, cursor?}: whether the history is kept, and its entries, last opened
 * first, HISTORY_PAGE_SIZE a page (keyset `<read_at>|<post id>`); next_cursor is null on the last page.
 */
export const historyBody = z.object({ user_id: idField('user id'), cursor: cursorField });
export type HistoryBody = z.input<typeof historyBody>;
export const historyResponse = z.object({ enabled: z.boolean(), entries: z.array(historyEntry), next_cursor: z.string().nullable() });
export type HistoryResponse = z.infer<typeof historyResponse>;

/** POST /api/user/history/settings {user_id, enabled 1|0}: turns keeping it on or off (off keeps what it holds). */
export const historySettingsBody = z.object({ user_id: idField('user id'), enabled: onFlag });
export type HistorySettingsBody = z.input<typeof historySettingsBody>;
export const historySettingsResponse = z.object({ message: z.string(), enabled: z.boolean() });

/**
 * POST /api/user/history/add {user_id, post_id}: the post page says the member opened a story (204).
 * Kept only while the member's history is on; the author's own stories are not kept; a story they may
 * not read is 404.
 */
export const historyAddBody = z.object({ user_id: idField('user id'), post_id: idField('post id') });

/** POST /api/user/history/remove {user_id, post_id}: one entry forgotten (idempotent). */
export const historyRemoveBody = z.object({ user_id: idField('user id'), post_id: idField('post id') });
/** POST /api/user/history/clear {user_id}: every entry forgotten; the setting stays as it is. */
export const historyClearBody = z.object({ user_id: idField('user id') });
export const historyChangeResponse = z.object({ message: z.string(), removed: z.number() });

/** Where a story of the library comes from: saved by the member, read by them (history), written by them. */
export const LIBRARY_SCOPES = ['all', 'saved', 'read', 'written'] as const;
export type LibraryScope = (typeof LIBRARY_SCOPES)[number];
export const LIBRARY_SOURCES = ['saved', 'read', 'written'] as const;
export type LibrarySource = (typeof LIBRARY_SOURCES)[number];

/**
 * POST /api/user/library/search {user_id, query, scope?, cursor?}: the member's saved, read and
 * written (published) stories whose title, subtitle or body hold the words, ranked as the results page
 * ranks (contract search), SEARCH_PAGE_SIZE a page; each result says where it comes from.
 */
export const librarySearchBody = searchBody.extend({
  user_id: idField('user id'),
  scope: z.enum(LIBRARY_SCOPES, { error: 'The scope must be all, saved, read or written.' }).default('all'),
  cursor: cursorField,
});
export type LibrarySearchBody = z.input<typeof librarySearchBody>;
export const libraryResult = searchResultPost.extend({ sources: z.array(z.enum(LIBRARY_SOURCES)).min(1) });
export type LibraryResult = z.infer<typeof libraryResult>;
export const librarySearchResponse = z.object({ scope: z.enum(LIBRARY_SCOPES), posts: z.array(libraryResult), next_cursor: z.string().nullable() });
export type LibrarySearchResponse = z.infer<typeof librarySearchResponse>;
