import { useState } from 'react';
import { Link } from 'react-router';
import { TEXT, paths } from '@inkwell/contract';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { LoadFailed } from '../../../components/LoadFailed';
import { useFollowedWriters, useSetMemberEmail } from '../api/member';

/**
 * Settings › Notification, below the mail ticks (issue 29): each writer the member follows, with a tick
 * that sends their new stories to the member's own address (after a confirmation mail when the
 * address is not verified yet).
 */
export function WriterEmails({ userId }: { userId: string }) {
  const writers = useFollowedWriters(userId);
  const set = useSetMemberEmail(userId);
  // The tick as pressed, kept from the press itself until the answer: the mutation's own pending state
  // arrives a task later, and a checkbox React controls would show the old tick meanwhile.
  const [pressed, setPressed] = useState<{ writerId: number; subscribed: boolean } | null>(null);
  const first = writers.data?.pages[0];
  const rows = writers.data?.pages.flatMap((page) => page.writers) ?? [];

  return (
    <fieldset className="mt-6 border-t border-zinc-200 dark:border-zinc-800" data-testid="writer-emails">
      <legend className="sr-only">New stories by email</legend>
      <h2 className="pt-6 text-base font-semibold text-zinc-900 dark:text-zinc-50">New stories by email</h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        {first ? (
          <>
            Every new story of a writer you tick comes to <span className="break-all font-medium text-zinc-800 dark:text-zinc-200">{first.address}</span>
            {first.verified ? '.' : ', once you confirm it from the mail we send.'}
          </>
        ) : (
          'Every new story of a writer you tick comes to your address.'
        )}
      </p>
      {writers.isPending ? (
        <div aria-busy="true" aria-label="Loading the writers you follow" className="mt-4 h-16 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-900" />
      ) : writers.isError ? (
        <LoadFailed what="The writers you follow" onRetry={() => void writers.refetch()} />
      ) : rows.length === 0 ? (
        <p className="py-4 text-sm text-zinc-600 dark:text-zinc-400">You follow nobody yet. Writers you follow show here.</p>
      ) : (
        <ul className="mt-2 divide-y divide-zinc-200 dark:divide-zinc-800">
          {rows.map((writer) => {
            const name = writer.name?.trim() || TEXT.anonymous;
            const pending = (set.isPending && set.variables.writerId === writer.id) || pressed?.writerId === writer.id;
            const ticked = pressed?.writerId === writer.id ? pressed.subscribed : pending ? set.variables!.subscribed : writer.email !== null;
            return (
              <li key={writer.id} className="flex items-center gap-3 py-3">
                <Avatar src={writer.profile_picture} size={32} />
                <Link to={paths.viewProfile.getHref(writer.id)} className="min-w-0 flex-1 truncate font-medium text-zinc-900 hover:underline dark:text-zinc-50">
                  {name}
                </Link>
                {writer.email === 'pending' && !pending && <span className="text-xs text-amber-700 dark:text-amber-300">Confirm from your inbox</span>}
                <label className="flex cursor-pointer items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
                  <input
                    type="checkbox"
                    checked={ticked}
                    disabled={pending}
                    aria-label={`Email me new stories by ${name}`}
                    onChange={(event) => {
                      const subscribed = event.target.checked;
                      setPressed({ writerId: writer.id, subscribed });
                      set.mutate({ writerId: writer.id, subscribed, source: 'settings' }, { onSettled: () => setPressed(null) });
                    }}
                    className="size-5 shrink-0 cursor-pointer accent-indigo-700 dark:accent-indigo-400"
                  />
                  <span aria-hidden="true">Email</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {set.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          That change was not saved. Please try again.
        </p>
      )}
      {writers.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" busy={writers.isFetchingNextPage} onClick={() => void writers.fetchNextPage()}>
            Show more
          </Button>
        </div>
      )}
    </fieldset>
  );
}
