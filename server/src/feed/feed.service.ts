import { ACCOUNT_SUSPENDED, type PostCard, type PostDetail, type PostPage, mayComment } from '@inkwell/contract';
import type { Database } from '../db/database.ts';
import { commenterStanding, isSuspended } from '../db/shared.repository.ts';
import { gone, notFound } from '../lib/errors.ts';
import { sizeBodyImages } from '../storage/responsive.ts';
import { byId, collect, toCard, toPage, truthy } from './cards.ts';
import { type CardRow, FIRST_CURSOR, createFeedRepository } from './feed.repository.ts';
import { type HeldWritings, withHeld } from './thread-items.ts';
import { createForYou } from './for-you.ts';
import { readRelated } from './related.ts';
import { PageCache } from '../cache/page-cache.ts';
import type { HiddenAuthors, LimitedAuthors } from '../deps.ts';

const NOBODY: ReadonlySet<number> = new Set();
const NONE_HELD: HeldWritings = { comments: [], replies: [] };
/** Two sets of writings out of others' sight, each writing once. */
function together(a: HeldWritings, b: HeldWritings): HeldWritings {
  if (b.comments.length === 0 && b.replies.length === 0) return a;
  const comments = new Set(a.comments.map((c) => c.id));
  const replies = new Set(a.replies.map((r) => r.id));
  return { comments: [...a.comments, ...b.comments.filter((c) => !comments.has(c.id))], replies: [...a.replies, ...b.replies.filter((r) => !replies.has(r.id))] };
}

/** A thread without the comments and replies of `hidden` members (a hidden member's comment takes its replies with it). */
function withoutAuthors(comments: PostDetail['comments'], hidden: ReadonlySet<number>): PostDetail['comments'] {
  return comments
    .filter((c) => !hidden.has(c.user_id))
    .map((c) => (c.replies.some((r) => hidden.has(r.user_id)) ? { ...c, replies: c.replies.filter((r) => !hidden.has(r.user_id)) } : c));
}

/** The viewer is a user id, or 0 for a visitor (no user has id 0). */
export function createFeedService(
  database: Database,
  cache: PageCache<CardRow[]> = new PageCache(0),
  hiddenAuthors: HiddenAuthors = async () => NOBODY,
  limitedAuthors: LimitedAuthors = async () => NOBODY,
) {
  const repo = createFeedRepository(database);

  // Post pages as a visitor sees them (the most read ones stay; a page is a few KB to a few hundred).
  const postPages = cache.sibling<PostDetail | undefined>(500);
  // A reader's own like and save of one post page, kept with it (a reader opens a page again, and
  // the server's render and the browser ask for it in turn): dropped by any write, as the page is.
  // With them, the reader's own writings held for review on it (ADR 0099; almost always none).
  const pageFlags = cache.sibling<{ liked: boolean; saved: boolean; held: HeldWritings; mayComment: boolean; banned: boolean }>(10_000);

  // The related stories of a post page as a visitor sees them (their order kept), beside the page.
  const relatedRows = cache.sibling<CardRow[] | undefined>(500);

  /**
   * Whether the reader may comment on the story (ADR 0115), and whether its writer banned them from
   * their stories' comments (ADR 0116, read with the page's flags: a writer cannot ban themself). Where
   * they stand with the writer is read only for a story open to the writer's followers or subscribers
   * (`commenterStanding` reads nothing for the writer, nor on a story open to nobody).
   */
  async function commentingOn(page: PostDetail, viewer: number, banned: boolean): Promise<{ mayComment: boolean; banned: boolean }> {
    const story = { user_id: page.user_id, comments_from: page.comments_from ?? 'anyone' };
    if (banned || story.comments_from === 'anyone') return { mayComment: !banned, banned };
    const standing = await commenterStanding(database.db, story, viewer);
    return { mayComment: mayComment(story.comments_from, standing), banned: standing.banned };
  }

  /** The post page as a visitor sees it, or undefined (no such post, or its author deactivated). */
  async function readPostPage(postId: number): Promise<PostDetail | undefined> {
    const page = await repo.postPage(postId);
    // A deactivated author's posts show nowhere (until they sign in again).
    if (!page || !truthy(page.post.author_active)) return undefined;
    const { post: row, comments, imageSizes } = page;
    return {
      ...toCard(row),
      // Body images with their width, height and srcset (the stored body holds none: sizes live in the ledger).
      description: sizeBodyImages(row.description, new Map(imageSizes.map((i) => [i.path, i]))),
      updated_at: row.updated_at,
      boosts_count: Number(row.boosts_count),
      comments_from: row.comments_from,
      user_data: { id: row.user_id, name: row.author_name, profile_picture: row.author_picture },
      // Comments and replies of deactivated members are left out (by the repository).
      comments,
    };
  }

  /**
   * Whether a row's author may be shown to this reader: active, and not blocked by them; and, where the
   * reader did not ask for the author by name (`discovered`: a feed, related stories), not an account the
   * moderators limited that the reader does not follow (ADR 0111).
   */
  async function visibleTo(viewer: number, discovered = true): Promise<(row: CardRow) => boolean> {
    const [hidden, limited] = await Promise.all([hiddenAuthors(viewer), discovered ? limitedAuthors(viewer) : NOBODY]);
    return (row) => truthy(row.author_active) && !hidden.has(row.user_id) && !limited.has(row.user_id);
  }

  const forYou = createForYou(database, { repo, cache, visibleTo });

  /**
   * A page that looks the same to every reader: its card rows come from the cache or are read as a
   * visitor sees them (rows of hidden authors left out, the next rows read to fill the page), then the
   * viewer's own likes and saves are looked up for just those posts and written straight into the
   * cards (the cached rows are never copied or changed).
   */
  async function shared(key: string, viewer: number, read: (cursor: number) => Promise<CardRow[]>, cursor: number, basePath: string, discovered = true): Promise<PostPage> {
    const visible = await visibleTo(viewer, discovered);
    const { rows, next } = await collect((c: number) => cache.remember(`${key}:${c}`, () => read(c)), cursor, byId, visible);
    return toPage(rows, next === null ? null : String(next), basePath, await ownFlags(viewer, rows));
  }

  /** The reader's own likes and saves of these cards, one read (none for a visitor or no cards). */
  const ownFlags = (viewer: number, rows: readonly CardRow[]) =>
    viewer && rows.length > 0
      ? repo.viewerFlags(
          viewer,
          rows.map((r) => r.id),
        )
      : undefined;

  return {
    /** 'For you' (for-you.ts): the reader's topics and followed authors, tuned, each card with its reason; everything for visitors. */
    forYou: (viewer: number, cursor = FIRST_CURSOR): Promise<PostPage> => forYou(viewer, cursor),

    async following(viewer: number, cursor = FIRST_CURSOR): Promise<PostPage> {
      // Following holds only followed authors: the limited ones among them stay (ADR 0111).
      const { rows, next } = await collect((c: number) => repo.following(viewer, c), cursor, byId, await visibleTo(viewer, false));
      return toPage(rows, next === null ? null : String(next), '/api/user/following/posts');
    },

    async category(viewer: number, categoryId: number, cursor = FIRST_CURSOR): Promise<PostPage> {
      return shared(`cat:${categoryId}`, viewer, (c) => repo.byCategory(0, categoryId, c), cursor, '/api/user/categories-name');
    },

    async author(viewer: number, authorId: number, cursor = FIRST_CURSOR): Promise<PostPage> {
      // A writer's own page lists their stories though the moderators limited them (a link still works).
      return shared(`author:${authorId}`, viewer, (c) => repo.byAuthor(0, authorId, c), cursor, '/api/user/author-posts', false);
    },

    /** Saved posts, newest save first; the cursor is "<saved_at>|<post_id>". */
    async saved(viewer: number, cursor?: { savedAt: string; postId: number }): Promise<PostPage> {
      type Saved = CardRow & { saved_at: string };
      const first = cursor ?? { savedAt: '9999-12-31T23:59:59.999Z', postId: FIRST_CURSOR };
      const { rows, next } = await collect(
        (c: { savedAt: string; postId: number }) => repo.saved(viewer, c.savedAt, c.postId),
        first,
        (row: Saved) => ({ savedAt: row.saved_at, postId: row.id }),
        await visibleTo(viewer, false),
      );
      return toPage(rows, next === null ? null : `${next.savedAt}|${next.postId}`, '/api/user/saved-posts');
    },

    /**
     * The post page. As a visitor sees it, it is kept beside the feed pages (dropped by the same
     * writes); a reader's copy then leaves out the comments and replies of members they blocked and
     * carries their own like and save, looked up for this one post (and kept as the page is), whether they may comment on it (ADR 0115), and their own writings held for
     * review, labelled. `shared` says when the answer is the kept page with only those two flags set (no one blocked, nothing held): the same bytes for every reader
     * with the same flags, so the route serialises and compresses it once (`variant`) while the page is kept.
     */
    async details(viewer: number, postId: number): Promise<{ post: PostDetail; shared: { page: PostDetail; variant: string } | null }> {
      const [page, hidden] = await Promise.all([postPages.remember(String(postId), () => readPostPage(postId)), hiddenAuthors(viewer)]);
      if (!page) throw (await isSuspended(database.db, { postId })) ? gone(ACCOUNT_SUSPENDED) : notFound('Post not found.');
      let post = page;
      let heldHere = false;
      if (viewer) {
        const flags = await pageFlags.remember(`${viewer}:${postId}`, async () => {
          const found = await repo.pageFlags(viewer, postId);
          // Their own writings out of others' sight, read only when there are some (rarely); and for the
          // story's writer, what they hid on it (ADR 0113).
          const own = found.hidden ? await repo.heldOf(postId, viewer) : NONE_HELD;
          const held = page.user_id === viewer ? together(own, await repo.hiddenByAuthorOn(postId)) : own;
          return {
            liked: found.liked,
            saved: found.saved,
            held,
            ...(await commentingOn(page, viewer, found.banned)),
          };
        });
        heldHere = flags.held.comments.length + flags.held.replies.length > 0;
        post = {
          ...page,
          is_like: flags.liked,
          is_saved: flags.saved,
          may_comment: flags.mayComment,
          ...(flags.banned ? { banned_from_comments: true as const } : {}),
          comments: withHeld(hidden.size === 0 ? page.comments : withoutAuthors(page.comments, hidden), flags.held),
        };
      }
      const kept = postPages.enabled && hidden.size === 0 && !heldHere;
      return {
        post,
        shared: kept
          ? {
              page,
              variant: `${Number(post.is_like)}${Number(post.is_saved)}${post.may_comment === undefined ? '' : Number(post.may_comment)}${post.banned_from_comments ? 'b' : ''}`,
            }
          : null,
      };
    },

    /**
     * Up to 6 posts: the same category first, then those sharing title words; never the post itself.
     * Their rows are kept as a visitor sees them (beside the post page, dropped by the same writes); a
     * reader's copy leaves out the authors hidden from them and carries their own likes and saves,
     * looked up for just those cards, as the feed pages do.
     */
    async related(viewer: number, postId: number): Promise<PostCard[]> {
      const [rows, visible] = await Promise.all([relatedRows.remember(String(postId), () => readRelated(repo, postId)), visibleTo(viewer)]);
      if (!rows) throw notFound('Post not found.');
      const shown = rows.filter(visible);
      const flags = await ownFlags(viewer, shown);
      return shown.map((row) => toCard(row, flags));
    },

    /** Forgets every cached page (after a write). */
    invalidate: () => cache.invalidate(),

    /** Title, subtitle, cover and author of a post, for the link-preview tags of its page. */
    meta: (postId: number) => repo.meta(postId),
  };
}

export type FeedService = ReturnType<typeof createFeedService>;
