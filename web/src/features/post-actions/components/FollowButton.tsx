import { useSession } from '../../../lib/session';
import { useSignInGate } from '../../../components/use-sign-in-gate';
import { useIsFollowing } from '../api/is-following';
import { useFollowUser } from '../api/follow-user';

/** Follow/Unfollow an author (SPEC §4); asks is-following only once shown; nothing on one's own card. */
export function FollowButton({ authorId, active }: { authorId: number; active: boolean }) {
  const session = useSession();
  const viewerId = session ? Number(session.id) : null;
  const gate = useSignInGate();
  const status = useIsFollowing(viewerId, authorId, active);
  const follow = useFollowUser();

  if (viewerId === authorId) return null;
  const following = status.data?.is_following ?? false;
  const base =
    'inline-flex w-full items-center justify-center rounded-full px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60';
  const style = following
    ? `${base} border border-zinc-300 text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-800`
    : `${base} bg-indigo-700 text-white hover:bg-indigo-800 dark:bg-indigo-400 dark:text-zinc-950 dark:hover:bg-indigo-300`;

  return (
    <button
      type="button"
      className={style}
      disabled={viewerId !== null && status.isLoading}
      onClick={() => {
        const current = gate();
        if (current) follow.mutate({ user_id: Number(current.id), follow_id: authorId, followType: following ? 0 : 1 });
      }}
    >
      {following ? 'Unfollow' : 'Follow'}
    </button>
  );
}
