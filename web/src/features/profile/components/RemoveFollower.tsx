import { useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { useBlock } from '../../../components/use-block';
import { useRemoveFollower } from '../api/follow-lists';

const smallButton =
  'rounded-full px-3 py-1 text-[13px] font-semibold leading-5 ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60';
const quiet = `${smallButton} text-zinc-700 ring-zinc-300 hover:bg-zinc-100 dark:text-zinc-300 dark:ring-zinc-700 dark:hover:bg-zinc-800`;

/**
 * On one's own followers list, for a member or an account elsewhere: Remove, asked once more in the
 * row itself ("Remove?" Remove / Block / Cancel). Block also keeps them from following again.
 */
export function RemoveFollower({ ownerId, followerId, name }: { ownerId: number; followerId: number; name: string }) {
  const [asking, setAsking] = useState(false);
  const remove = useRemoveFollower(ownerId);
  const block = useBlock(String(ownerId));
  if (!asking) {
    return (
      <button type="button" onClick={() => setAsking(true)} aria-label={`Remove ${name}`} className={quiet}>
        Remove
      </button>
    );
  }
  return (
    <span role="group" aria-label={`Remove ${name}?`} className="flex flex-wrap items-center justify-end gap-1.5">
      <button
        type="button"
        disabled={remove.isPending}
        onClick={() => remove.mutate(followerId)}
        className={`${smallButton} bg-red-700 text-white ring-red-700 hover:bg-red-800 dark:bg-red-500 dark:text-zinc-950 dark:ring-red-500`}
      >
        Remove
      </button>
      <button
        type="button"
        disabled={block.isPending}
        onClick={() => block.mutate({ userId: followerId, block: true })}
        aria-label={`Block ${name}`}
        className={`${smallButton} text-red-700 ring-red-300 hover:bg-red-50 dark:text-red-400 dark:ring-red-800 dark:hover:bg-red-950`}
      >
        Block
      </button>
      <button type="button" onClick={() => setAsking(false)} className={quiet}>
        Cancel
      </button>
      {remove.isError && (
        <span role="alert" className="w-full text-right text-sm text-red-700 dark:text-red-400">
          {(isApiError(remove.error) && remove.error.message) || 'Could not remove. Try again.'}
        </span>
      )}
    </span>
  );
}
