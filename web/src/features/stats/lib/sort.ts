import type { StatsPost } from '@inkwell/contract';

/** What the list of posts is ordered by: publication (newest) or one of the numbers. */
export type SortKey = 'newest' | 'views' | 'reads' | 'read_ratio' | 'likes' | 'saves' | 'comments';
export interface Sort {
  key: SortKey;
  descending: boolean;
}

export const DEFAULT_SORT: Sort = { key: 'newest', descending: true };

/** The next order when a column's heading is chosen: the same column turns around, another starts highest first. */
export function nextSort(current: Sort, key: SortKey): Sort {
  return current.key === key ? { key, descending: !current.descending } : { key, descending: true };
}

/** The posts in that order; ties keep newest first. A post without a read ratio comes last either way. */
export function sortPosts(posts: readonly StatsPost[], { key, descending }: Sort): StatsPost[] {
  const value = (post: StatsPost): number | null => (key === 'newest' ? post.id : post[key]);
  return [...posts].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return descending ? y - x : x - y;
    }
    return b.id - a.id;
  });
}
