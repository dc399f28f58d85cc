import { type FeedReason, PAGE_SIZE, type PostPage } from '@inkwell/contract';
import { type CardRow, type ViewerFlags, toCard } from '../lib/post-card.ts';

export { type ViewerFlags, toCard, truthy } from '../lib/post-card.ts';

/** How a page's rows become cards, and how a page fills itself past rows it leaves out. */

/** A page: its cards, and the address of the next one when `next` (a cursor) says there is one. */
export function toPage<R extends CardRow>(rows: R[], next: string | null, basePath: string, flags?: ViewerFlags, reasonOf?: (row: R) => FeedReason): PostPage {
  return {
    data: rows.map((row) => toCard(row, flags, reasonOf ? reasonOf(row) : null)),
    next_page_url: next === null ? null : `${basePath}?cursor=${encodeURIComponent(next)}`,
  };
}

/** How many more stored pages a page may read to fill itself when rows of hidden authors were left out. */
export const MAX_EXTRA_READS = 4;

/**
 * Up to PAGE_SIZE visible rows from `readAt(cursor)` (FETCH rows at a time, newest first): the rows of
 * hidden authors (blocked by the reader, or deactivated; in For you also muted authors and topics the
 * reader asked less of) are left out and the next stored page is read until the page is full, a few
 * reads at most. The cursor returned is that of the last row consumed.
 */
export function collect<R extends CardRow, C, V extends R>(
  readAt: (cursor: C) => Promise<R[]>,
  first: C,
  cursorOf: (row: R) => C,
  visible: (row: R) => row is V,
): Promise<{ rows: V[]; next: C | null }>;
export function collect<R extends CardRow, C>(
  readAt: (cursor: C) => Promise<R[]>,
  first: C,
  cursorOf: (row: R) => C,
  visible: (row: R) => boolean,
): Promise<{ rows: R[]; next: C | null }>;
export async function collect<R extends CardRow, C>(
  readAt: (cursor: C) => Promise<R[]>,
  first: C,
  cursorOf: (row: R) => C,
  visible: (row: R) => boolean,
): Promise<{ rows: R[]; next: C | null }> {
  const out: R[] = [];
  let cursor = first;
  for (let read = 0; read <= MAX_EXTRA_READS; read += 1) {
    const rows = await readAt(cursor);
    const page = rows.slice(0, PAGE_SIZE);
    for (let i = 0; i < page.length; i += 1) {
      if (!visible(page[i]!)) continue;
      out.push(page[i]!);
      if (out.length === PAGE_SIZE) {
        const more = i < page.length - 1 || rows.length > PAGE_SIZE;
        return { rows: out, next: more ? cursorOf(page[i]!) : null };
      }
    }
    if (rows.length <= PAGE_SIZE) return { rows: out, next: null };
    cursor = cursorOf(page[page.length - 1]!);
  }
  return { rows: out, next: cursor };
}

export const byId = (row: CardRow) => row.id;
