import { PAGE_SIZE, type CommentItem, type PostCard, type PostDetail, type PostPage } from '@inkwell/contract';
import type { Database } from '../db/database';
import { notFound } from '../lib/errors';
import { type CardRow, FIRST_CURSOR, createFeedRepository } from './feed.repository';
import { PageCache } from './page-cache';

const truthy = (value: number | boolean) => value === true || value === 1;

/** The viewer's own likes and saves among a page's posts, when they were looked up apart from the rows. */
interface ViewerFlags {
  liked: ReadonlySet<number>;
  saved: ReadonlySet<number>;
}

function toCard(row: CardRow, flags?: ViewerFlags): PostCard {
  return {
    id: row.id,
    user_id: row.user_id,
    category_id: row.category_id,
    title: row.title,
    sub_title: row.sub_title,
    image: row.image,
    read_time: row.read_time,
    created_at: row.created_at,
    likes_count: row.likes_count,
    comments_count: row.comments_count,
    is_like: flags ? flags.liked.has(row.id) : truthy(row.is_like),
    is_saved: flags ? flags.saved.has(row.id) : truthy(row.is_saved),
    author: { id: row.user_id, name: row.author_name, profile_picture: row.author_picture, followers_count: row.author_followers },
  };
}

/** A page from FETCH rows: the first PAGE_SIZE, and a next URL when there was one more. */
function toPage<R extends CardRow>(rows: R[], basePath: string, cursorOf: (row: R) => string, flags?: ViewerFlags): PostPage {
  const last = rows.length > PAGE_SIZE ? rows[PAGE_SIZE - 1] : undefined;
  const data: PostCard[] = [];
  for (let i = 0; i < rows.length && i < PAGE_SIZE; i += 1) data.push(toCard(rows[i]!, flags));
  return {
    data,
    next_page_url: last ? `${basePath}?cursor=${encodeURIComponent(cursorOf(last))}` : null,
  };
}

const byId = (row: CardRow) => String(row.id);
const STOP_WORDS = new Set(['the', 'and', 'for', 'with', 'that', 'this', 'from', 'your', 'what', 'when', 'how', 'why', 'into', 'about']);

/** The viewer is a user id, or 0 for a visitor (no user has id 0). */
export function createFeedService(database: Database, cache: PageCache<CardRow[]> = new PageCache(0)) {
  const repo = createFeedRepository(database);
  // A reader's chosen categories change only through a write, which empties this with the pages.
  const readerCategories = cache.sibling<number[]>(5000);

  /**
   * A page that looks the same to every reader: its card rows come from the cache or are read as a
   * visitor sees them, then the viewer's own likes and saves are looked up for just those posts and
   * written straight into the cards (the cached rows are never copied or changed).
   */
  async function shared(key: string, viewer: number, read: () => Promise<CardRow[]>, basePath: string): Promise<PostPage> {
    const rows = await cache.remember(key, read);
    const flags = viewer && rows.length > 0 ? await repo.viewerFlags(viewer, rows.map((r) => r.id)) : undefined;
    return toPage(rows, basePath, byId, flags);
  }

  return {
    /** 'For you': the viewer's chosen categories, or everything (visitors, or nothing chosen). */
    async forYou(viewer: number, cursor = FIRST_CURSOR): Promise<PostPage> {
      const categories = viewer ? await readerCategories.remember(String(viewer), () => repo.userCategoryIds(viewer)) : [];
      return categories.length
        ? shared(`cats:${categories.join(',')}:${cursor}`, viewer, () => repo.byCategories(0, categories, cursor), '/api/user/view-posts')
        : shared(`latest:${cursor}`, viewer, () => repo.latest(0, cursor), '/api/user/view-posts');
    },

    async following(viewer: number, cursor = FIRST_CURSOR): Promise<PostPage> {
      return toPage(await repo.following(viewer, cursor), '/api/user/following/posts', byId);
    },

    async category(viewer: number, categoryId: number, cursor = FIRST_CURSOR): Promise<PostPage> {
      return shared(`cat:${categoryId}:${cursor}`, viewer, () => repo.byCategory(0, categoryId, cursor), '/api/user/categories-name');
    },

    async author(viewer: number, authorId: number, cursor = FIRST_CURSOR): Promise<PostPage> {
      return shared(`author:${authorId}:${cursor}`, viewer, () => repo.byAuthor(0, authorId, cursor), '/api/user/author-posts');
    },

    /** Saved posts, newest save first; the cursor is "<saved_at>|<post_id>". */
    async saved(viewer: number, cursor?: { savedAt: string; postId: number }): Promise<PostPage> {
      const rows = await repo.saved(viewer, cursor?.savedAt ?? '9999-12-31T23:59:59.999Z', cursor?.postId ?? FIRST_CURSOR);
      return toPage(rows, '/api/user/saved-posts', (row) => `${row.saved_at}|${row.id}`);
    },

    async details(viewer: number, postId: number): Promise<PostDetail> {
      const row = await repo.detail(viewer, postId);
      if (!row) throw notFound('Post not found.');
      const [comments, replies] = await Promise.all([repo.comments(postId), repo.replies(postId)]);
      const byComment = new Map<number, CommentItem['replies']>();
      for (const r of replies) {
        const list = byComment.get(r.comment_id) ?? [];
        list.push({
          id: r.id,
          user_id: r.user_id,
          comment_id: r.comment_id,
          reply: r.body,
          created_at: r.created_at,
          user: { id: r.user_id, name: r.name, profile_picture: r.profile_picture },
        });
        byComment.set(r.comment_id, list);
      }
      return {
        ...toCard(row),
        description: row.description,
        updated_at: row.updated_at,
        user_data: { id: row.user_id, name: row.author_name, profile_picture: row.author_picture },
        comments: comments.map((c) => ({
          id: c.id,
          user_id: c.user_id,
          post_id: c.post_id,
          comments: c.body,
          created_at: c.created_at,
          user: { id: c.user_id, name: c.name, profile_picture: c.profile_picture },
          replies: byComment.get(c.id) ?? [],
        })),
      };
    },

    /** Up to 6 posts: the same category first, then those sharing title words; never the post itself. */
    async related(viewer: number, postId: number): Promise<PostCard[]> {
      const post = await repo.meta(postId);
      if (!post) throw notFound('Post not found.');
      const categoryId = post.category_id;
      const words = [
        ...new Set(
          post.title
            .toLowerCase()
            .split(/[^\p{L}\p{N}]+/u)
            .filter((w) => w.length >= 3 && !STOP_WORDS.has(w)),
        ),
      ].slice(0, 5);
      const patterns = [...words.map((w) => `%${w.replace(/[%_\\]/g, '')}%`), '', '', '', '', ''].slice(0, 5);
      const [same, matches] = await Promise.all([repo.sameCategory(categoryId, postId), repo.titleWordMatches(postId, patterns)]);
      const score = new Map<number, number>();
      for (const id of same) score.set(id, 1000 + id / 1e10);
      for (const m of matches) {
        const title = m.title.toLowerCase();
        const shared = words.filter((w) => title.includes(w)).length;
        const base = m.category_id === categoryId ? 1000 : 0;
        score.set(m.id, Math.max(score.get(m.id) ?? 0, base + shared * 10 + m.id / 1e10));
      }
      const ids = [...score.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([id]) => id);
      if (ids.length === 0) return [];
      const rows = await repo.cardsByIds(viewer, ids);
      const order = new Map(ids.map((id, i) => [id, i]));
      return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!).map((row) => toCard(row));
    },

    /** Forgets every cached page (after a write). */
    invalidate: () => cache.invalidate(),

    /** Title, subtitle, cover and author of a post, for the link-preview tags of its page. */
    meta: (postId: number) => repo.meta(postId),
  };
}

export type FeedService = ReturnType<typeof createFeedService>;
