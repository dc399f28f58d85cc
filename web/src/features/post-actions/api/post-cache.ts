import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { PostCard } from '@inkwell/contract';

/**
 * Every query that holds posts lives under the key root ['posts'] (feed pages, category, saved,
 * author, related, the post page). Likes, saves, follows and deletes change a post in all of them at
 * once, optimistically, and put the snapshot back if the server refuses.
 */
export const POSTS_ROOT = ['posts'] as const;

type PostLike = Pick<PostCard, 'id' | 'likes_count'> & Partial<PostCard>;
type Mapper = (post: PostCard) => PostCard | null;

function isPost(value: unknown): value is PostLike {
  return typeof value === 'object' && value !== null && typeof (value as PostLike).id === 'number' && 'likes_count' in value;
}

/** Walks the shapes the post queries hold: a post, an array of posts, {data: […]}, and infinite {pages: […]}. */
function mapPosts(data: unknown, map: Mapper): unknown {
  if (Array.isArray(data)) {
    let changed = false;
    const next: unknown[] = [];
    for (const item of data) {
      const mapped = isPost(item) ? map(item as PostCard) : item;
      if (mapped !== item) changed = true;
      if (mapped !== null) next.push(mapped);
    }
    return changed ? next : data;
  }
  if (typeof data !== 'object' || data === null) return data;
  if (isPost(data)) return map(data as PostCard) ?? data;
  const record = data as Record<string, unknown>;
  for (const field of ['pages', 'data'] as const) {
    if (Array.isArray(record[field])) {
      const next = field === 'pages' ? (record.pages as unknown[]).map((page) => mapPosts(page, map)) : mapPosts(record.data, map);
      return { ...record, [field]: next };
    }
  }
  return data;
}

export type PostsSnapshot = Array<[QueryKey, unknown]>;

export function snapshotPosts(queryClient: QueryClient): PostsSnapshot {
  return queryClient.getQueriesData({ queryKey: POSTS_ROOT });
}

export function restorePosts(queryClient: QueryClient, snapshot: PostsSnapshot | undefined): void {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}

export function updatePosts(queryClient: QueryClient, map: Mapper): void {
  queryClient.setQueriesData({ queryKey: POSTS_ROOT }, (data: unknown) => (data === undefined ? data : mapPosts(data, map)));
}

export function updatePost(queryClient: QueryClient, postId: number, change: (post: PostCard) => PostCard): void {
  updatePosts(queryClient, (post) => (post.id === postId ? change(post) : post));
}

/** Drops a deleted post from every list; a cached post page of it is left to its own query. */
export function removePost(queryClient: QueryClient, postId: number): void {
  updatePosts(queryClient, (post) => (post.id === postId ? null : post));
}
