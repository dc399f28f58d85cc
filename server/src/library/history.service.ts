import type { Acting } from '../access/policy.ts';
import { HISTORY_MAX, HISTORY_MESSAGES, HISTORY_PAGE_SIZE, type HistoryEntry, type HistoryResponse } from '@inkwell/contract';
import { isForeignKeyViolation, nowIso } from '../db/database.ts';
import type { HiddenAuthors } from '../deps.ts';
import { notFound, validationError } from '../lib/errors.ts';
import { toCard, truthy } from '../lib/post-card.ts';
import { HISTORY_START, type HistoryRepository, type HistoryRow } from './history.repository.ts';

/**
 * The reading history (issue 13): kept only while its member turned it on, readable and changeable by
 * that member only (the routes pass the session's user, as the access policy allowed it: `Acting`). A story the member may not read (no such
 * post, its author deactivated or blocked by them) is 404 to add and left out of the list.
 */

/** How many more stored pages a history page may read to fill itself past entries it leaves out. */
const MAX_EXTRA_READS = 4;

/** `<read_at>|<post id>`, as the list hands it out. */
function readCursor(text: string): { readAt: string; postId: number } {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?Z)\|(\d{1,10})$/.exec(text);
  if (!match || Number(match[2]) > HISTORY_START.postId) throw validationError({ cursor: ['The cursor field is invalid.'] });
  return { readAt: match[1]!, postId: Number(match[2]) };
}

const toEntry = (row: HistoryRow): HistoryEntry => ({ post: toCard(row), read_at: row.read_at });

export interface HistoryOptions {
  /** The most entries one member keeps (HISTORY_MAX; tests lower it). */
  max?: number;
  now?: () => string;
}

export function createHistoryService(repo: HistoryRepository, hiddenAuthors: HiddenAuthors, options: HistoryOptions = {}) {
  const max = options.max ?? HISTORY_MAX;
  const now = options.now ?? nowIso;

  return {
    /**
     * One page of the member's history, last opened first. Entries whose story became unreadable to
     * them (author deactivated or blocked) are left out, and the next stored rows read to fill the page
     * (a few reads at most); the cursor is that of the last row consumed.
     */
    async list(userId: Acting, cursor: string | null): Promise<HistoryResponse> {
      const [enabled, hidden] = await Promise.all([repo.keeps(userId), hiddenAuthors(userId)]);
      let before = cursor ? readCursor(cursor) : HISTORY_START;
      const entries: HistoryEntry[] = [];
      for (let read = 0; read <= MAX_EXTRA_READS; read += 1) {
        const rows = await repo.page(userId, before);
        const page = rows.slice(0, HISTORY_PAGE_SIZE);
        for (let i = 0; i < page.length; i += 1) {
          const row = page[i]!;
          if (!truthy(row.author_active) || hidden.has(row.user_id)) continue;
          entries.push(toEntry(row));
          if (entries.length === HISTORY_PAGE_SIZE) {
            const more = i < page.length - 1 || rows.length > HISTORY_PAGE_SIZE;
            return { enabled, entries, next_cursor: more ? `${row.read_at}|${row.id}` : null };
          }
        }
        if (rows.length <= HISTORY_PAGE_SIZE) return { enabled, entries, next_cursor: null };
        const last = page[page.length - 1]!;
        before = { readAt: last.read_at, postId: last.id };
      }
      return { enabled, entries, next_cursor: `${before.readAt}|${before.postId}` };
    },

    /**
     * The post page says the member opened a story. 404 for one they may not read; otherwise recorded
     * only while their history is on, and never their own story (204 either way).
     */
    async add(userId: Acting, postId: number): Promise<void> {
      const post = await repo.post(postId);
      if (!post || !post.author_active || (await hiddenAuthors(userId)).has(post.user_id)) throw notFound('Post not found.');
      if (post.user_id === userId || !(await repo.keeps(userId))) return;
      try {
        await repo.record(userId, postId, now(), max);
      } catch (err) {
        // The post was deleted in between.
        if (isForeignKeyViolation(err)) throw notFound('Post not found.');
        throw err;
      }
    },

    /** Turns keeping on or off; off keeps what the history holds until it is cleared. */
    async setEnabled(userId: Acting, enabled: boolean): Promise<{ message: string; enabled: boolean }> {
      await repo.setKeeping(userId, enabled);
      return { message: enabled ? HISTORY_MESSAGES.on : HISTORY_MESSAGES.off, enabled };
    },

    /** Forgets one entry (nothing to forget is no error). */
    async remove(userId: Acting, postId: number): Promise<{ message: string; removed: number }> {
      return { message: HISTORY_MESSAGES.removed, removed: await repo.remove(userId, postId) };
    },

    /** Forgets every entry; the setting stays as it is. */
    async clear(userId: Acting): Promise<{ message: string; removed: number }> {
      return { message: HISTORY_MESSAGES.cleared, removed: await repo.clear(userId) };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
