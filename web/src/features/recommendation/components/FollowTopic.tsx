import { useSession } from '../../../lib/session';
import { useCategories } from '../../../api/categories';
import { useUserCategories } from '../../../api/user-categories';
import { useChooseCategory } from '../api/choose-categories';

const followers = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'follower' : 'followers'}`;

/**
 * A topic's page (issue 13, topics you follow): how many follow it, and Follow / Following, the same
 * choice as its box in Manage Category ('For you' follows it). The button shows the new state at once;
 * the count moves with it until the server's is read again.
 */
export function FollowTopic({ categoryId }: { categoryId: number }) {
  const userId = useSession()?.id ?? '';
  const categories = useCategories();
  const chosen = useUserCategories(userId);
  const choose = useChooseCategory(userId);
  if (!userId) return null;

  const saved = chosen.data?.includes(categoryId) ?? false;
  const following = choose.isPending && choose.variables?.categoryId === categoryId ? choose.variables.chosen : saved;
  const stored = categories.data?.find((c) => c.id === categoryId)?.followers_count;
  const count = stored === undefined ? undefined : stored + (following === saved ? 0 : following ? 1 : -1);
  const base =
    'inline-flex min-w-28 items-center justify-center rounded-full px-4 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60';
  const style = following
    ? `${base} border border-zinc-300 text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-800`
    : `${base} border border-transparent bg-indigo-700 text-white hover:bg-indigo-800 dark:bg-indigo-400 dark:text-zinc-950 dark:hover:bg-indigo-300`;

  return (
    <div className="mt-4 flex items-center gap-4">
      <button
        type="button"
        className={style}
        aria-pressed={following}
        title={following ? 'Unfollow this topic' : undefined}
        disabled={chosen.isPending}
        onClick={() => choose.mutate({ categoryId, chosen: !following })}
      >
        {following ? 'Following' : 'Follow'}
      </button>
      <span className="text-sm text-zinc-600 dark:text-zinc-400">{count === undefined ? '\u00a0' : followers(count)}</span>
    </div>
  );
}
