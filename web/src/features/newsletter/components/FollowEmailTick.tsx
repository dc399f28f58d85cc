import { useState } from 'react';
import { useSession } from '../../../lib/session';
import { useMemberEmail, useSetMemberEmail } from '../api/member';

/**
 * The tick under Follow on a writer's profile (issue 29): once the member follows them, one tick
 * sends the writer's new stories to the member's own address as well (at once when it is verified,
 * after a confirmation mail otherwise), and unticking stops them.
 */
export function FollowEmailTick({ writerId, following }: { writerId: number; following: boolean }) {
  const session = useSession();
  const userId = session?.id ?? null;
  const status = useMemberEmail(userId, writerId, following);
  const set = useSetMemberEmail(userId ?? '0');
  // The tick as pressed, from the press itself until the answer (the mutation's pending state comes a task later).
  const [pressed, setPressed] = useState<boolean | null>(null);
  if (!userId || !following || !status.data) return null;
  const wanted = pressed ?? (set.isPending ? set.variables.subscribed : null);
  const email = wanted === null ? status.data.email : wanted ? 'confirmed' : null;
  return (
    <div className="mt-2 text-[13px] leading-5 text-zinc-600 dark:text-zinc-400">
      <label className="flex cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          checked={email !== null}
          disabled={set.isPending || pressed !== null}
          onChange={(event) => {
            const subscribed = event.target.checked;
            setPressed(subscribed);
            set.mutate({ writerId, subscribed, source: 'follow' }, { onSettled: () => setPressed(null) });
          }}
          className="size-4 shrink-0 cursor-pointer accent-indigo-700 dark:accent-indigo-400"
        />
        <span>Email me too</span>
      </label>
      {email === 'pending' && <p className="mt-1">Check your inbox to confirm.</p>}
      {set.isError && (
        <p role="alert" className="mt-1 text-red-700 dark:text-red-400">
          Not saved. Try again.
        </p>
      )}
    </div>
  );
}
