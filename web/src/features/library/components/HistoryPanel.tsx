import { useId, useState } from 'react';
import { Trash2 } from 'lucide-react';
import type { HistoryEntry } from '@inkwell/contract';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { InfiniteList } from '../../../components/InfiniteList';
import { PostCardSkeleton } from '../../../components/PostCardSkeleton';
import { useNow } from '../../../lib/use-now';
import { useClearHistory } from '../api/clear-history';
import { useHistory } from '../api/get-history';
import { useRemoveHistoryEntry } from '../api/remove-history-entry';
import { useSetHistorySetting } from '../api/set-history-setting';
import { HistoryEntryCard, type RenderHistoryCard } from './HistoryEntryCard';
import { HistorySwitch } from './HistorySwitch';

const OFF_TEXT = 'Only you see your reading history. Nothing is kept until you turn it on, and you can remove any story from it or clear it all.';
const ON_TEXT = 'The stories you open are kept here, last opened first. Only you see them; remove any of them, or clear it all.';

/** A story opened again may come on two pages fetched around it: the first (newest) stays. */
function unique(entries: HistoryEntry[]): HistoryEntry[] {
  const seen = new Set<number>();
  return entries.filter((entry) => !seen.has(entry.post.id) && Boolean(seen.add(entry.post.id)));
}

/**
 * The Library's History tab (issue 13): the opt-in switch with what it means, Clear history (asked
 * first), and the stories last opened first, more as the reader scrolls, each with Remove.
 */
export function HistoryPanel({ userId, renderCard }: { userId: string; renderCard?: RenderHistoryCard }) {
  const history = useHistory(userId);
  const setting = useSetHistorySetting(userId);
  const remove = useRemoveHistoryEntry(userId);
  const clear = useClearHistory(userId);
  const [confirming, setConfirming] = useState(false);
  const now = useNow();
  const textId = useId();

  if (history.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading your reading history">
        <PostCardSkeleton />
        <PostCardSkeleton />
      </div>
    );
  }
  if (!history.data) {
    return (
      <div role="alert" className="py-10 text-center text-sm text-zinc-700 dark:text-zinc-300">
        <p>Your reading history could not be loaded.</p>
        <Button variant="secondary" className="mt-4" onClick={() => void history.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const pages = history.data.pages;
  const enabled = pages[0]?.enabled ?? false;
  const entries = unique(pages.flatMap((page) => page.entries));
  return (
    <>
      <div className="border-b border-zinc-200 py-6 dark:border-zinc-800">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <p id={textId} className="max-w-md text-sm leading-6 text-zinc-600 dark:text-zinc-400">
            {enabled ? ON_TEXT : OFF_TEXT}
          </p>
          <HistorySwitch checked={enabled} busy={setting.isPending} describedBy={textId} onChange={(next) => setting.mutate(next)} />
        </div>
        {entries.length > 0 && (
          <div className={`mt-4 flex flex-wrap items-center gap-3 ${enabled ? 'justify-end' : 'justify-between'}`}>
            {!enabled && <p className="text-sm text-zinc-500 dark:text-zinc-400">It is off: what it holds stays, and nothing new is added.</p>}
            <Button variant="secondary" className="px-3.5! py-1.5! text-rose-700! dark:text-rose-300!" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" className="size-4" />
              Clear history
            </Button>
          </div>
        )}
      </div>
      {(enabled || entries.length > 0) && (
        <InfiniteList
          items={entries}
          getKey={(entry) => entry.post.id}
          renderItem={(entry, index) => (
            <HistoryEntryCard
              entry={entry}
              renderCard={renderCard}
              now={now}
              priority={index === 0}
              removing={remove.isPending && remove.variables === entry.post.id}
              onRemove={(postId) => remove.mutate(postId)}
            />
          )}
          isLoading={false}
          hasNextPage={history.hasNextPage}
          isFetchingNextPage={history.isFetchingNextPage}
          fetchNextPage={() => void history.fetchNextPage()}
          label="Reading history"
          emptyText="Nothing here yet: the stories you open from now on are kept here."
        />
      )}
      <ConfirmDialog
        open={confirming}
        title="Clear your reading history?"
        message="Every story in it will be forgotten. The switch stays as it is."
        confirmLabel="Clear history"
        busy={clear.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => clear.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </>
  );
}
