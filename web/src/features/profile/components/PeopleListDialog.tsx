import type { ReactNode } from 'react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { InfiniteList } from '../../../components/InfiniteList';
import { Modal } from '../../../components/Modal';

/** A row's stand-in while the list's rows come: a picture and a name. */
function PersonSkeleton() {
  return (
    <div className="flex items-center gap-3 py-3" aria-hidden="true">
      <div className="size-10 shrink-0 animate-pulse rounded-full bg-zinc-200 dark:bg-zinc-800" />
      <div className="h-4 w-40 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}

type ListQuery = Pick<UseInfiniteQueryResult, 'isError' | 'isPending' | 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;

/**
 * A list of people in a dialog over a profile (followers, following): `items` as `query` has loaded
 * them, more as the reader scrolls, a message when it could not load; `header` above the list.
 */
export function PeopleListDialog<T extends { id: number }>({
  title,
  header,
  items,
  query,
  emptyText,
  renderItem,
  onClose,
}: {
  title: string;
  header?: ReactNode;
  items: T[];
  query: ListQuery;
  emptyText: string;
  renderItem: (item: T) => ReactNode;
  onClose: () => void;
}) {
  return (
    <Modal title={title} size="max-w-md" closeButton onClose={onClose} initialFocus={(panel) => panel.querySelector<HTMLElement>('[data-close]')}>
      {header}
      <div className="-mx-6 mt-3 max-h-[min(70vh,36rem)] overflow-y-auto overscroll-contain border-t border-zinc-200 px-6 dark:border-zinc-800">
        {query.isError ? (
          <p role="alert" className="py-10 text-center text-zinc-600 dark:text-zinc-400">
            Could not load this list. Please try again.
          </p>
        ) : (
          <InfiniteList
            items={items}
            getKey={(item) => item.id}
            renderItem={renderItem}
            isLoading={query.isPending}
            hasNextPage={query.hasNextPage}
            isFetchingNextPage={query.isFetchingNextPage}
            fetchNextPage={() => void query.fetchNextPage()}
            emptyText={emptyText}
            label={title}
            skeleton={<PersonSkeleton />}
          />
        )}
      </div>
    </Modal>
  );
}
