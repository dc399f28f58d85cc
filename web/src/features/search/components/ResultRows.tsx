import { Link } from 'react-router';
import { TEXT, formatPostDate, paths, type SearchResultPerson, type SearchResultPost, type SearchResultTopic } from '@inkwell/contract';
import { Avatar } from '../../../components/Avatar';
import { CoverImage } from '../../../components/CoverImage';
import { Marked, plainText } from './Marked';

const linkClass = 'rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600';
const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** A found post: its cover, title and snippet with the matched words marked, author, date and read time. */
export function PostResult({ post, priority }: { post: SearchResultPost; priority: boolean }) {
  const href = paths.viewPost.getHref(post.id);
  const title = plainText(post.title).trim();
  return (
    <article data-testid="search-post" className="border-b border-zinc-200 py-6 dark:border-zinc-800">
      <div className="flex gap-4 sm:gap-6">
        <Link to={href} className={`group min-w-0 flex-1 ${linkClass}`}>
          <h2 className="line-clamp-3 break-words font-serif text-lg font-bold leading-snug tracking-tight text-zinc-900 group-hover:underline group-hover:decoration-zinc-300 group-hover:underline-offset-4 sm:text-xl dark:text-zinc-50 dark:group-hover:decoration-zinc-600">
            {title ? <Marked text={post.title} /> : TEXT.titleMissing}
          </h2>
          <p className="mt-1.5 line-clamp-3 break-words text-[15px] leading-6 text-zinc-600 dark:text-zinc-400">
            {post.snippet.length > 0 ? <Marked text={post.snippet} /> : post.sub_title}
          </p>
        </Link>
        <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0 self-start">
          <CoverImage cover={post} sizes="(min-width: 640px) 128px, 80px" width={128} height={88} priority={priority} className="size-20 rounded-md sm:h-22 sm:w-32" />
        </Link>
      </div>
      <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
        <Link to={paths.viewProfile.getHref(post.author.id)} className={`flex min-w-0 items-center gap-2 font-medium text-zinc-800 hover:underline dark:text-zinc-200 ${linkClass}`}>
          <Avatar src={post.author.profile_picture} size={20} />
          <span className="truncate">{post.author.name?.trim() || TEXT.anonymous}</span>
        </Link>
        <span aria-hidden="true">·</span>
        <time dateTime={post.created_at}>{formatPostDate(post.created_at)}</time>
        <span aria-hidden="true">·</span>
        <span>{post.read_time} min read</span>
      </p>
    </article>
  );
}

/** A found member: picture, name and user name with the matched words marked, the bio around its match, followers. */
export function PersonResult({ person }: { person: SearchResultPerson }) {
  const name = plainText(person.name).trim();
  return (
    <Link to={paths.viewProfile.getHref(person.id)} data-testid="search-person" className={`flex gap-3 border-b border-zinc-200 py-4 dark:border-zinc-800 ${linkClass}`}>
      <Avatar src={person.profile_picture} size={44} />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-zinc-900 dark:text-zinc-50">{name ? <Marked text={person.name} /> : TEXT.anonymous}</span>
        <span className="block truncate text-sm text-zinc-600 dark:text-zinc-400">
          {person.username.length > 0 && (
            <>
              @<Marked text={person.username} />
              <span aria-hidden="true"> · </span>
            </>
          )}
          {count(person.followers_count, 'follower', 'followers')}
        </span>
        {person.bio.length > 0 && (
          <span className="mt-1 line-clamp-2 break-words text-sm text-zinc-700 dark:text-zinc-300">
            <Marked text={person.bio} />
          </span>
        )}
      </span>
    </Link>
  );
}

/** A found topic: its name with the matched words marked, description and followers; it opens the topic's posts. */
export function TopicResult({ topic }: { topic: SearchResultTopic }) {
  return (
    <Link to={paths.categoryPosts.getHref(topic.id)} data-testid="search-topic" className={`block border-b border-zinc-200 py-4 dark:border-zinc-800 ${linkClass}`}>
      <span className="block font-serif text-lg font-bold text-zinc-900 dark:text-zinc-50">
        <Marked text={topic.name} />
      </span>
      <span className="mt-0.5 block text-sm text-zinc-600 dark:text-zinc-400">
        {topic.description?.trim() || TEXT.noDescription}
        <span aria-hidden="true"> · </span>
        {count(topic.followers_count, 'follower', 'followers')}
      </span>
    </Link>
  );
}
