import { ExternalLink } from 'lucide-react';
import type { FediverseFollower } from '@inkwell/contract';
import { Avatar } from '../../../components/Avatar';
import { InfiniteList } from '../../../components/InfiniteList';
import { Modal } from '../../../components/Modal';
import { useFediverseFollowers } from '../api/fediverse-followers';

function FollowerRow({ follower }: { follower: FediverseFollower }) {
  const handle = follower.handle ?? follower.url ?? 'An account of another server';
  const inner = (
    <>
      {/* Their own picture lives on their server, which this site's pages do not load from. */}
      <Avatar src={null} size={40} />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-zinc-900 dark:text-zinc-50">{follower.name ?? handle}</span>
        {follower.name && <span className="block truncate text-sm text-zinc-600 dark:text-zinc-400">{handle}</span>}
      </span>
    </>
  );
  return (
    <div data-testid="fediverse-follower" className="py-3">
      {follower.url ? (
        <a
          href={follower.url}
          target="_blank"
          rel="noopener noreferrer nofollow ugc"
          className="group flex items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {inner}
          <ExternalLink aria-hidden="true" className="size-4 shrink-0 text-zinc-500 group-hover:text-zinc-900 dark:group-hover:text-zinc-50" />
          <span className="sr-only">(their profile on their server, in a new tab)</span>
        </a>
      ) : (
        <div className="flex items-center gap-3">{inner}</div>
      )}
    </div>
  );
}

function FollowerSkeleton() {
  return (
    <div className="flex items-center gap-3 py-3" aria-hidden="true">
      <div className="size-10 shrink-0 animate-pulse rounded-full bg-zinc-200 dark:bg-zinc-800" />
      <div className="h-4 w-40 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}

/**
 * A member's followers on Mastodon and the rest of the fediverse (issue 30), in a dialog over their
 * profile: newest first, more as the reader scrolls, each with a link to their profile on their server.
 */
export function FediverseFollowersDialog({ profileId, ownerName, onClose }: { profileId: number; ownerName: string | null; onClose: () => void }) {
  const query = useFediverseFollowers(profileId);
  const followers = query.data?.pages.flatMap((page) => page.data) ?? [];
  const title = ownerName === null ? 'Your followers on the fediverse' : `${ownerName}’s followers on the fediverse`;
  return (
    <Modal title={title} size="max-w-md" closeButton onClose={onClose} initialFocus={(panel) => panel.querySelector<HTMLElement>('[data-close]')}>
      <div className="-mx-6 mt-3 max-h-[min(70vh,36rem)] overflow-y-auto overscroll-contain border-t border-zinc-200 px-6 dark:border-zinc-800">
        {query.isError ? (
          <p role="alert" className="py-10 text-center text-zinc-600 dark:text-zinc-400">
            Could not load this list. Please try again.
          </p>
        ) : (
          <InfiniteList
            items={followers}
            getKey={(follower) => follower.id}
            renderItem={(follower) => <FollowerRow follower={follower} />}
            isLoading={query.isPending}
            hasNextPage={query.hasNextPage}
            isFetchingNextPage={query.isFetchingNextPage}
            fetchNextPage={() => void query.fetchNextPage()}
            emptyText="No followers on the fediverse yet."
            label={title}
            skeleton={<FollowerSkeleton />}
          />
        )}
      </div>
    </Modal>
  );
}
