import { Link } from 'react-router';
import { TEXT, paths, type SearchResultPerson, type SearchResultPost, type SearchResultTopic } from '@inkwell/contract';
import { Avatar } from '../../../components/Avatar';
import { FoundPost } from '../../../components/FoundPost';
import { Marked, plainText } from '../../../components/Marked';

const linkClass = 'rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600';
const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** A found post (components/FoundPost). */
export function PostResult({ post, priority }: { post: SearchResultPost; priority: boolean }) {
  return <FoundPost post={post} priority={priority} testId="search-post" />;
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
