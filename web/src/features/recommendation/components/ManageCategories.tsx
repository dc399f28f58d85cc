import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Search } from 'lucide-react';
import { TEXT, type CategoryItem } from '@inkwell/contract';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useTopicHref } from '../../../components/TopicChip';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { usePendingTicks } from '../../../lib/use-pending-ticks';
import { useCategories } from '../../../api/categories';
import { useUserCategories } from '../../../api/user-categories';
import { ListPage } from '../../../components/ListPage';
import { useChooseCategory, useResetCategories } from '../api/choose-categories';

const matches = (category: CategoryItem, query: string) =>
  !query || category.name.toLocaleLowerCase().includes(query) || (category.description ?? '').toLocaleLowerCase().includes(query);

/**
 * /recommendation (SPEC §2 Manage Category): a search box, every category as a checkbox with its
 * description, and RESET ALL RECOMMENDATIONS. Each tick is sent at once (SPEC §4) and 'For you'
 * follows the ticked topics.
 */
export function ManageCategories({ userId }: { userId: string }) {
  const categories = useCategories();
  const chosen = useUserCategories(userId);
  const choose = useChooseCategory(userId);
  const reset = useResetCategories(userId);
  const [search, setSearch] = useState('');
  const [confirmingReset, setConfirmingReset] = useState(false);
  const topicHref = useTopicHref();
  // What the reader just ticked, shown at once and kept until the server's list is read again.
  const ticks = usePendingTicks<number>();
  const query = useDeferredValue(search.trim().toLocaleLowerCase());
  const searchId = useId();

  const all = categories.data ?? [];
  const shown = all.filter((category) => matches(category, query));
  const saved = new Set(chosen.data ?? []);
  const isTicked = (id: number) => ticks.checked(id, saved.has(id));
  const count = all.filter((category) => isTicked(category.id)).length;

  const toggle = (categoryId: number, tick: boolean) => {
    choose.mutate({ categoryId, chosen: tick }, { onSettled: ticks.begin([categoryId], tick) });
  };
  // Asked once more first (the dialog below): every tick goes at once.
  const resetAll = () => {
    setConfirmingReset(false);
    reset.mutate(undefined, {
      onSettled: ticks.begin(
        all.map((category) => category.id),
        false,
      ),
    });
  };

  return (
    <>
      <DocumentTitle title="Manage Category" />
      <ListPage title="Manage Category" intro="Tick the topics you want more of: ‘For you’ then shows their posts, newest first. With none ticked it shows every post.">
        <div className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
          <label htmlFor={searchId} className="relative block flex-1">
            <span className="sr-only">Search topics</span>
            <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-zinc-500" />
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search topics"
              className="w-full rounded-full border border-zinc-300 bg-white py-2 pl-9 pr-4 text-sm text-zinc-900 placeholder:text-zinc-500 focus:border-indigo-600 focus:outline-2 focus:outline-indigo-600/30 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
            />
          </label>
          <div className="flex items-center justify-between gap-3 sm:justify-end">
            <p className="whitespace-nowrap text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
              {count === 0 ? 'No topic chosen' : `${count} chosen`}
            </p>
            <Button variant="secondary" busy={reset.isPending} disabled={count === 0} onClick={() => setConfirmingReset(true)} className="!px-4 !py-2 text-xs tracking-wide">
              RESET ALL RECOMMENDATIONS
            </Button>
          </div>
        </div>

        {categories.isPending ? (
          <ul aria-label="Loading topics" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i} className="flex gap-4 py-4">
                <div className="size-5 shrink-0 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
                <div className="flex-1 space-y-2">
                  <div className="h-4 w-40 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
                  <div className="h-3 w-3/4 animate-pulse rounded bg-zinc-100 dark:bg-zinc-900" />
                </div>
              </li>
            ))}
          </ul>
        ) : all.length === 0 ? (
          <p className="py-10 text-center text-zinc-600 dark:text-zinc-400">{TEXT.noCategories}</p>
        ) : shown.length === 0 ? (
          <p className="py-10 text-center text-zinc-600 dark:text-zinc-400">No topic matches “{search.trim()}”.</p>
        ) : (
          <ul aria-label="Topics" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {shown.map((category) => (
              <li key={category.id} className="flex items-start gap-2">
                <label className="flex min-w-0 flex-1 cursor-pointer gap-4 rounded-lg py-4 hover:bg-zinc-50 sm:-ml-3 sm:px-3 dark:hover:bg-zinc-900">
                  <input
                    type="checkbox"
                    checked={isTicked(category.id)}
                    disabled={chosen.isPending}
                    onChange={(event) => toggle(category.id, event.target.checked)}
                    className="mt-0.5 size-5 shrink-0 cursor-pointer accent-indigo-700 dark:accent-indigo-400"
                  />
                  <span className="min-w-0">
                    <span className="block font-semibold text-zinc-900 dark:text-zinc-100">{category.name}</span>
                    <span className="mt-1 block text-sm leading-6 text-zinc-600 dark:text-zinc-400">{category.description?.trim() || TEXT.noDescription}</span>
                  </span>
                </label>
                <Link
                  to={topicHref(category.id)}
                  aria-label={`${category.name} posts`}
                  title={`${category.name} posts`}
                  className="mt-3 inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-1.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-300 dark:hover:bg-indigo-950"
                >
                  <span className="max-sm:sr-only">Posts</span>
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </li>
            ))}
          </ul>
        )}
        <ConfirmDialog
          open={confirmingReset}
          title="Reset all recommendations?"
          message={`${count === 1 ? 'The topic you chose' : `The ${count} topics you chose`} will be unticked, and ‘For you’ shows every post again.`}
          confirmLabel="Reset"
          cancelLabel="Keep my topics"
          onCancel={() => setConfirmingReset(false)}
          onConfirm={resetAll}
        />
      </ListPage>
    </>
  );
}
