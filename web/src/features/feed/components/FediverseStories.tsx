import { ExternalLink, Heart, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths, relativeTime, type FediverseStory } from '@inkwell/contract';
import { Avatar } from '../../../components/Avatar';
import { InfiniteList } from '../../../components/InfiniteList';
import { useNow } from '../../../lib/use-now';
import { useFediverseStories, useFediverseStoryLike } from '../api/fediverse-stories';
import { FediverseStoryReplies } from './FediverseStoryReplies';

const external = { target: '_blank', rel: 'noopener noreferrer nofollow ugc' } as const;
const prose =
  'prose prose-zinc dark:prose-invert mt-3 max-w-none break-words font-serif prose-headings:font-sans prose-a:text-indigo-700 dark:prose-a:text-indigo-300 prose-pre:text-[15px]';

function Story({ story, viewerId }: { story: FediverseStory; viewerId: string }) {
  const now = useNow();
  const like = useFediverseStoryLike(viewerId);
  const [replying, setReplying] = useState(false);
  // Shown at once; the list read again confirms it.
  const liked = like.isPending ? like.variables.like : story.liked;
  const { account } = story;
  const host = story.url ? new URL(story.url).host : null;
  return (
    <article data-testid="fediverse-story" className="border-b border-zinc-200 py-6 dark:border-zinc-800">
      <div className="flex items-center gap-2 text-sm">
        {/* Their picture lives on their server, which this site's pages do not load from. */}
        <Avatar src={null} size={24} />
        <span className="min-w-0 truncate text-zinc-700 dark:text-zinc-300">
          {account.url ? (
            <a href={account.url} {...external} className="font-medium text-zinc-900 hover:underline dark:text-zinc-100">
              {account.name ?? account.handle}
            </a>
          ) : (
            <span className="font-medium text-zinc-900 dark:text-zinc-100">{account.name ?? account.handle}</span>
          )}
          {account.name && <span className="text-zinc-600 dark:text-zinc-400"> {account.handle}</span>}
          <span className="text-zinc-600 dark:text-zinc-400">
            {' · '}
            <time dateTime={story.published_at}>{relativeTime(story.published_at, now)}</time>
          </span>
        </span>
      </div>
      {story.title && <h2 className="mt-3 font-serif text-2xl font-bold leading-snug tracking-tight text-zinc-900 dark:text-zinc-50">{story.title}</h2>}
      {story.summary && <p className="mt-1 text-base text-zinc-600 dark:text-zinc-400">{story.summary}</p>}
      {/* Sanitized on the server as a member's story is (the editor's tags, no pictures). */}
      <details className="group mt-2" open={!story.title}>
        <summary className="cursor-pointer text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300 group-open:sr-only">Read here</summary>
        <div className={prose} dangerouslySetInnerHTML={{ __html: story.content }} />
      </details>
      <div className="mt-3 flex items-center gap-4">
        <button
          type="button"
          aria-pressed={liked}
          aria-label={liked ? 'Unlike' : 'Like'}
          disabled={like.isPending}
          onClick={() => like.mutate({ storyId: story.id, like: !liked })}
          className="inline-flex items-center rounded-full p-1 text-zinc-600 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-zinc-400 dark:hover:text-zinc-100"
        >
          <Heart aria-hidden="true" className={`size-5 ${liked ? 'fill-rose-600 text-rose-600 dark:fill-rose-400 dark:text-rose-400' : ''}`} />
        </button>
        <button
          type="button"
          aria-expanded={replying}
          onClick={() => setReplying((open) => !open)}
          className="inline-flex items-center gap-1 rounded-full p-1 text-sm font-medium text-zinc-600 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-zinc-400 dark:hover:text-zinc-100"
        >
          <MessageCircle aria-hidden="true" className="size-5" />
          Reply
        </button>
        {story.url && host && (
          <a
            href={story.url}
            {...external}
            className="inline-flex items-center gap-1 text-sm font-medium text-zinc-600 hover:text-zinc-900 hover:underline dark:text-zinc-400 dark:hover:text-zinc-100"
          >
            Read on {host}
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only">(in a new tab)</span>
          </a>
        )}
      </div>
      <FediverseStoryReplies story={story} viewerId={viewerId} replying={replying} onClose={() => setReplying(false)} />
    </article>
  );
}

/**
 * The Home feed's Fediverse tab (issue 30): the stories of the accounts on other servers the member
 * follows, newest first, as their servers sent them; each readable here, with a link to its own page.
 */
export default function FediverseStories({ viewerId }: { viewerId: string }) {
  const query = useFediverseStories(viewerId);
  const stories = query.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <>
      <InfiniteList
        items={stories}
        getKey={(story) => story.id}
        renderItem={(story) => <Story story={story} viewerId={viewerId} />}
        isLoading={query.isPending && !query.isError}
        hasNextPage={query.hasNextPage && !query.isError}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={() => void query.fetchNextPage()}
        emptyText="No stories from the fediverse yet."
        label="Stories from the fediverse"
      />
      <p className="mt-6 text-sm text-zinc-600 dark:text-zinc-400">
        Stories of the accounts you follow on Mastodon and other servers show here.{' '}
        <Link to={paths.profile.getHref()} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          Follow more from your profile
        </Link>
        .
      </p>
    </>
  );
}
