import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TEXT, paths, type SearchResultPost } from '@inkwell/contract';
import { Avatar } from './Avatar';
import { CoverImage } from './CoverImage';
import { Marked, plainText } from './Marked';
import { PostDate } from './PostDate';

const linkClass = 'rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600';

/**
 * A found post (the results page, the library's search): its cover, title and snippet with the matched
 * words marked (text pieces, never HTML), author, date and read time; `children` above the title.
 */
export function FoundPost({ post, priority, testId, children }: { post: SearchResultPost; priority: boolean; testId: string; children?: ReactNode }) {
  const href = paths.viewPost.getHref(post.id);
  return (
    <article data-testid={testId} className="border-b border-zinc-200 py-6 dark:border-zinc-800">
      {children}
      <div className="flex gap-4 sm:gap-6">
        <Link to={href} className={`group min-w-0 flex-1 ${linkClass}`}>
          <h2 className="line-clamp-3 break-words font-serif text-lg font-bold leading-snug tracking-tight text-zinc-900 group-hover:underline group-hover:decoration-zinc-300 group-hover:underline-offset-4 sm:text-xl dark:text-zinc-50 dark:group-hover:decoration-zinc-600">
            {plainText(post.title).trim() ? <Marked text={post.title} /> : TEXT.titleMissing}
          </h2>
          <p className="mt-1.5 line-clamp-3 break-words text-[15px] leading-6 text-zinc-600 dark:text-zinc-400">
            {post.snippet.length > 0 ? <Marked text={post.snippet} /> : post.sub_title}
          </p>
        </Link>
        <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0 self-start">
          <CoverImage cover={post} sizes="(min-width: 640px) 128px, 80px" width={128} height={88} priority={priority} className="size-20 rounded-md sm:h-22 sm:w-32" />
        </Link>
      </div>
      {/* No dot after the author (the picture sets it apart): a wrapped line never ends or starts with one. */}
      <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
        <Link
          to={paths.viewProfile.getHref(post.author.id)}
          className={`flex min-w-0 items-center gap-2 font-medium text-zinc-800 hover:underline dark:text-zinc-200 ${linkClass}`}
        >
          <Avatar src={post.author.profile_picture} size={20} />
          <span className="truncate">{post.author.name?.trim() || TEXT.anonymous}</span>
        </Link>
        <span className="whitespace-nowrap">
          <PostDate value={post.created_at} />
          <span aria-hidden="true"> · </span>
          {post.read_time} min read
        </span>
      </p>
    </article>
  );
}
