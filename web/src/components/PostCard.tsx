import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TEXT, paths, type PostCard as PostCardData } from '@inkwell/contract';
import { CoverImage } from './CoverImage';
import { ElsewhereMark } from './ElsewhereMark';
import { PostDate } from './PostDate';

interface PostCardProps {
  post: PostCardData;
  /** The author line (avatar, name, hover card); for a story elsewhere, its picture there (Elsewhere's authorWithPicture). */
  author: ReactNode;
  /** Like, comments, share, save. */
  actions: ReactNode;
  /** The owner's options menu, or on For you the reader's tuning menu. */
  menu?: ReactNode;
  /** On For you: why the story is there (a line above the author). */
  reason?: ReactNode;
  /** The owner's Edit button (edit mode). */
  edit?: ReactNode;
  /** The first card of a feed: its cover is fetched at once with high priority. */
  priority?: boolean;
}

/** A card's cover: 80 px square on phones, 160 × 112 from 640 px (the classes below). */
const CARD_COVER_SIZES = '(min-width: 640px) 160px, 80px';

export function postTitle(title: string | null | undefined): string {
  return title?.trim() || TEXT.titleMissing;
}

export function postSubTitle(subTitle: string | null | undefined): string {
  return subTitle?.trim() || TEXT.subTitleMissing;
}

/**
 * A post in a list, as SPEC §2 lists it: author, title, subtitle, cover, date (en-GB), read time and
 * the action icons. Texts are rendered as text (React escapes them), never as HTML. A story of an
 * account elsewhere has no topic: its handle and a link to the original follow the author.
 */
export function PostCard({ post, author, actions, menu, reason, edit, priority = false }: PostCardProps) {
  const href = paths.viewPost.getHref(post.id);
  return (
    <article data-testid="post-card" className="border-b border-zinc-200 py-7 sm:py-8 dark:border-zinc-800">
      {reason}
      <div className="flex min-h-7 items-center justify-between gap-3 text-sm">
        {post.elsewhere ? (
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            {author}
            <ElsewhereMark elsewhere={post.elsewhere} />
          </div>
        ) : (
          author
        )}
        {menu}
      </div>
      <div className="mt-3 flex gap-4 sm:gap-8">
        <Link to={href} className="group min-w-0 flex-1 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600">
          <h2 className="line-clamp-3 break-words font-serif text-xl font-bold leading-snug tracking-tight text-zinc-900 group-hover:underline group-hover:decoration-zinc-300 group-hover:underline-offset-4 sm:text-2xl dark:text-zinc-50 dark:group-hover:decoration-zinc-600">
            {postTitle(post.title)}
          </h2>
          <p className="mt-1.5 line-clamp-2 break-words text-[15px] leading-6 text-zinc-600 sm:text-base dark:text-zinc-400">{postSubTitle(post.sub_title)}</p>
        </Link>
        <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0 self-start">
          <CoverImage cover={post} sizes={CARD_COVER_SIZES} width={160} height={112} priority={priority} className="size-20 rounded-md sm:h-28 sm:w-40" />
        </Link>
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          <PostDate value={post.created_at} />
          <span aria-hidden="true"> · </span>
          <span>{post.read_time ?? 0} min read</span>
        </p>
        <div className="-mr-2 flex items-center gap-0.5">{actions}</div>
      </div>
      {edit && <div className="mt-3">{edit}</div>}
    </article>
  );
}
