import { useState } from 'react';
import { Link } from 'react-router';
import { Mail, Users } from 'lucide-react';
import { type NewsletterStatus, type NewsletterSubscriber, formatPostDate, paths } from '@inkwell/contract';
import { Button, buttonStyles } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { LoadFailed } from '../../../components/LoadFailed';
import * as endpoints from '@inkwell/contract/calls';
import { useRemoveSubscriber, useSubscribers } from '../api/subscribers';
import { ImportSubscribers } from './ImportSubscribers';
import { WelcomeMailForm } from './WelcomeMailForm';

const STATUS: Record<NewsletterStatus, { label: string; tone: string }> = {
  confirmed: { label: 'Subscribed', tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800' },
  pending: { label: 'Not confirmed yet', tone: 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800' },
  unsubscribed: { label: 'Unsubscribed', tone: 'bg-zinc-100 text-zinc-700 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700' },
  suppressed: { label: 'Bounced', tone: 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-800' },
};
const SOURCE: Record<NewsletterSubscriber['source'], string> = {
  profile: 'from your profile',
  story: 'from a story',
  follow: 'when following you',
  settings: 'from Settings',
  import: 'imported',
};

function Count({ n, label }: { n: number; label: string }) {
  return (
    <div className="rounded-xl border border-zinc-200 px-4 py-3 dark:border-zinc-800">
      <p className="text-2xl font-semibold tabular-nums text-zinc-900 dark:text-zinc-50">{n.toLocaleString('en-GB')}</p>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{label}</p>
    </div>
  );
}

/**
 * /subscribers: the writer's newsletter list (issue 29): how many in each state, then each address
 * newest first with where and when it asked; an address can be taken off the list, and a list from
 * elsewhere imported.
 */
export function SubscribersScreen({ userId }: { userId: string }) {
  const list = useSubscribers(userId);
  const remove = useRemoveSubscriber(userId);
  const [removing, setRemoving] = useState<NewsletterSubscriber | null>(null);
  const counts = list.data?.pages[0]?.counts;
  const rows = list.data?.pages.flatMap((page) => page.subscribers) ?? [];

  return (
    <>
      <DocumentTitle title="Subscribers" />
      <section className="mx-auto w-full max-w-[728px] px-4 pb-16 pt-8 sm:px-6 sm:pt-12">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h1 className="font-serif text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-50">Subscribers</h1>
          {/* A plain form: the browser downloads the CSV itself (the session's cookies go with it). */}
          <form method="post" action={endpoints.newsletterExport.path}>
            <input type="hidden" name="user_id" value={userId} />
            <Button type="submit" variant="secondary" className="!px-4 !py-2">
              Export CSV
            </Button>
          </form>
        </div>
        <p className="mt-2 text-base text-zinc-600 dark:text-zinc-400">The addresses that get your new stories by email. Only you see them.</p>
        {list.isPending ? (
          <div aria-busy="true" aria-label="Loading your subscribers" className="mt-6 h-24 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-900" />
        ) : list.isError ? (
          <LoadFailed what="Your subscribers" onRetry={() => void list.refetch()} />
        ) : (
          <>
            <div data-testid="subscriber-counts" className="mt-6 grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
              <Count n={counts?.confirmed ?? 0} label="subscribed" />
              <Count n={counts?.pending ?? 0} label="not confirmed yet" />
              <Count n={counts?.unsubscribed ?? 0} label="unsubscribed" />
              <Count n={counts?.suppressed ?? 0} label="bounced" />
            </div>
            {rows.length === 0 ? (
              <div data-testid="subscribers-empty" className="mt-8 flex flex-col items-center border-t border-zinc-200 px-4 py-14 text-center dark:border-zinc-800">
                <Users aria-hidden="true" className="size-8 text-zinc-400 dark:text-zinc-500" />
                <h2 className="mt-3 font-serif text-2xl font-bold text-zinc-900 dark:text-zinc-50">No subscribers yet</h2>
                <p className="mt-2 max-w-sm text-base text-zinc-600 dark:text-zinc-400">Readers subscribe from your profile and from the end of each of your stories.</p>
                <Link to={paths.viewProfile.getHref(Number(userId))} className={`${buttonStyles.secondary} mt-6`}>
                  See your profile
                </Link>
              </div>
            ) : (
              <ul data-testid="subscribers" className="mt-8 divide-y divide-zinc-200 border-y border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
                {rows.map((row) => (
                  <li key={row.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-4">
                    <Mail aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />
                    <div className="min-w-0 flex-1 basis-[calc(100%-2rem)] sm:basis-auto">
                      <p className="break-all font-medium text-zinc-900 dark:text-zinc-50">{row.email}</p>
                      <p className="text-sm text-zinc-600 dark:text-zinc-400">
                        Since {formatPostDate(row.confirmed_at ?? row.created_at)}, {SOURCE[row.source]}
                      </p>
                    </div>
                    <span className={`ml-8 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 sm:ml-0 ${STATUS[row.status].tone}`}>{STATUS[row.status].label}</span>
                    <Button variant="secondary" className="!px-3 !py-1.5 text-xs" onClick={() => setRemoving(row)} aria-label={`Remove ${row.email}`}>
                      Remove
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            {list.hasNextPage && (
              <div className="mt-6 flex justify-center">
                <Button variant="secondary" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                  Show more
                </Button>
              </div>
            )}
            <ImportSubscribers userId={userId} />
            <WelcomeMailForm userId={userId} saved={list.data.pages[0]?.welcome ?? null} />
          </>
        )}
      </section>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this address?"
        message={removing ? `${removing.email} will get no more of your stories. They can subscribe again.` : undefined}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
