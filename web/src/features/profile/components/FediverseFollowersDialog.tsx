import { useState } from 'react';
import { ExternalLink } from 'lucide-react';
import type { FediverseFollower } from '@inkwell/contract';
import { Avatar } from '../../../components/Avatar';
import { useFediverseFollowers, useRemoveFediverseFollower } from '../api/fediverse-followers';
import { PeopleListDialog } from './PeopleListDialog';
import { useBlock } from '../../../components/use-block';

const smallButton =
  'rounded-full px-3 py-1 text-sm font-medium ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60';

/**
 * On one's own list: Remove, asked once more in the row itself ("Remove?" Remove / Block / Cancel);
 * Block also keeps the account from following again, liking, boosting or replying.
 */
function RemoveFollower({ userId, follower, name }: { userId: number; follower: FediverseFollower; name: string }) {
  const [asking, setAsking] = useState(false);
  const remove = useRemoveFediverseFollower(userId);
  const block = useBlock(String(userId));
  if (!asking) {
    return (
      <button
        type="button"
        onClick={() => setAsking(true)}
        aria-label={`Remove ${name}`}
        className={`${smallButton} text-zinc-700 ring-zinc-300 hover:bg-zinc-100 dark:text-zinc-300 dark:ring-zinc-700 dark:hover:bg-zinc-800`}
      >
        Remove
      </button>
    );
  }
  return (
    <span role="group" aria-label={`Remove ${name}?`} className="flex shrink-0 items-center gap-1.5">
      <button
        type="button"
        disabled={remove.isPending}
        onClick={() => remove.mutate(follower.id)}
        className={`${smallButton} bg-red-700 text-white ring-red-700 hover:bg-red-800 dark:bg-red-500 dark:text-zinc-950 dark:ring-red-500`}
      >
        Remove
      </button>
      <button
        type="button"
        disabled={block.isPending}
        onClick={() => block.mutate({ userId: follower.account_id, block: true })}
        aria-label={`Block ${name}`}
        className={`${smallButton} text-red-700 ring-red-300 hover:bg-red-50 dark:text-red-400 dark:ring-red-800 dark:hover:bg-red-950`}
      >
        Block
      </button>
      <button
        type="button"
        onClick={() => setAsking(false)}
        className={`${smallButton} text-zinc-700 ring-zinc-300 hover:bg-zinc-100 dark:text-zinc-300 dark:ring-zinc-700 dark:hover:bg-zinc-800`}
      >
        Cancel
      </button>
      {remove.isError && (
        <span role="alert" className="text-sm text-red-700 dark:text-red-400">
          Could not remove. Try again.
        </span>
      )}
    </span>
  );
}

function FollowerRow({ follower, ownerId }: { follower: FediverseFollower; ownerId: number | null }) {
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
  const row = follower.url ? (
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
  );
  return (
    // A narrow screen puts "Remove? Remove / Cancel" under the name rather than squeezing it.
    <div data-testid="fediverse-follower" className="flex flex-wrap items-center justify-end gap-x-3 gap-y-2 py-3">
      <div className="min-w-[11rem] flex-1">{row}</div>
      {ownerId !== null && <RemoveFollower userId={ownerId} follower={follower} name={follower.name ?? handle} />}
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
    <PeopleListDialog
      title={title}
      items={followers}
      query={query}
      emptyText="No followers on the fediverse yet."
      renderItem={(follower) => <FollowerRow follower={follower} ownerId={ownerName === null ? profileId : null} />}
      onClose={onClose}
    />
  );
}
