import { useSession } from '../../../lib/session';
import { useSignInGate } from '../../../components/use-sign-in-gate';
import { useIsFollowing } from '../api/is-following';
import { useFollowUser } from '../api/follow-user';
import { waitingToRetry } from '../../../lib/busy-retry';

interface FollowButtonProps {
  authorId: number;
  /** Ask is-following only once shown (the hover card open). */
  active: boolean;
  /** Whether the reader follows them, when a list already said so: no is-following call then. */
  known?: boolean;
  /** With `known`: the list says the follow asked of this account elsewhere waits for its server's yes. */
  pending?: boolean;
  /**
   * 'compact': a small pill saying Follow / Following (its title: Unfollow), beside a byline or in a list row;
   * otherwise Follow / Unfollow filling the box its parent gives it. Either way its width is the
   * parent's, so the label changing when the reader's state arrives moves nothing.
   */
  size?: 'compact';
}

/**
 * Follow/Unfollow an author (SPEC §4); asks is-following only once shown; nothing on one's own card.
 * A follow asked of an account elsewhere says Requested until its server says yes; pressed, it takes
 * the ask back (followType 0).
 */
export function FollowButton({ authorId, active, known, pending, size }: FollowButtonProps) {
  const session = useSession();
  const viewerId = session ? Number(session.id) : null;
  const gate = useSignInGate();
  const status = useIsFollowing(viewerId, authorId, active, known, pending);
  const follow = useFollowUser(authorId);

  if (viewerId === authorId) return null;
  const following = status.data?.is_following ?? false;
  const requested = following && status.data?.pending === true;
  const compact = size === 'compact';
  const base = `inline-flex w-full items-center justify-center rounded-full font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60 ${
    compact ? 'px-3 py-1 text-[13px] leading-5' : 'px-4 py-2 text-sm'
  }`;
  const style = following
    ? `${base} border border-zinc-300 text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-800`
    : `${base} border border-transparent bg-indigo-700 text-white hover:bg-indigo-800 dark:bg-indigo-400 dark:text-zinc-950 dark:hover:bg-indigo-300`;

  return (
    <button
      type="button"
      className={style}
      // Refused as busy and waiting to be sent again: the flipped label stays, and pulses (ADR 0077).
      aria-busy={waitingToRetry(follow)}
      title={requested ? 'Take back the request' : following && compact ? 'Unfollow' : undefined}
      disabled={viewerId !== null && status.isLoading}
      onClick={() => {
        const current = gate();
        if (current) follow.mutate({ user_id: Number(current.id), follow_id: authorId, followType: following ? 0 : 1 });
      }}
    >
      {requested ? 'Requested' : following ? (compact ? 'Following' : 'Unfollow') : 'Follow'}
    </button>
  );
}
