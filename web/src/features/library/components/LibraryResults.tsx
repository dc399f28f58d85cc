import { Bookmark, BookOpen, PenLine, type LucideIcon } from 'lucide-react';
import { type LibraryResult, type LibraryScope, type LibrarySource } from '@inkwell/contract';
import { Button } from '../../../components/Button';
import { FoundPost } from '../../../components/FoundPost';
import { InfiniteList } from '../../../components/InfiniteList';
import { useLibrarySearch } from '../api/search-library';

const BADGES: Record<LibrarySource, { label: string; icon: LucideIcon; className: string }> = {
  saved: { label: 'Saved', icon: Bookmark, className: 'bg-indigo-50 text-indigo-800 dark:bg-indigo-400/15 dark:text-indigo-200' },
  read: { label: 'Read', icon: BookOpen, className: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-200' },
  written: { label: 'Written', icon: PenLine, className: 'bg-amber-50 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200' },
};

const EMPTY: Record<LibraryScope, string> = {
  all: 'Nothing you saved, read or wrote matches',
  saved: 'None of your saved stories match',
  read: 'None of the stories in your reading history match',
  written: 'None of your stories match',
};

/** Where a found story is in the library: small badges Saved, Read, Written. */
function Badges({ sources }: { sources: LibrarySource[] }) {
  return (
    <p className="mb-2 flex flex-wrap gap-1.5">
      <span className="sr-only">In your library as: </span>
      {sources.map((source) => {
        const { label, icon: Icon, className } = BADGES[source];
        return (
          <span key={source} data-testid="library-badge" className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${className}`}>
            <Icon aria-hidden="true" className="size-3" />
            {label}
          </span>
        );
      })}
    </p>
  );
}

/** A found story (components/FoundPost) under where it is in the library. */
function ResultRow({ post, priority }: { post: LibraryResult; priority: boolean }) {
  return (
    <FoundPost post={post} priority={priority} testId="library-result">
      <Badges sources={post.sources} />
    </FoundPost>
  );
}

function RowSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse border-b border-zinc-200 py-6 dark:border-zinc-800">
      <div className="h-4 w-16 rounded-full bg-zinc-200 dark:bg-zinc-800" />
      <div className="mt-3 h-5 w-3/4 rounded bg-zinc-200 dark:bg-zinc-800" />
      <div className="mt-3 h-4 w-full rounded bg-zinc-200 dark:bg-zinc-800" />
      <div className="mt-2 h-4 w-1/2 rounded bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}

/** What the library's search found, more as the reader scrolls; empty and error states. */
export function LibraryResults({ userId, query, scope }: { userId: string; query: string; scope: LibraryScope }) {
  const results = useLibrarySearch(userId, query, scope);
  const pages = results.data?.pages ?? [];
  if (results.isError && pages.length === 0) {
    return (
      <div role="alert" className="py-16 text-center text-zinc-600 dark:text-zinc-400">
        <p>Your library cannot be searched right now.</p>
        <Button variant="secondary" className="mt-4" onClick={() => void results.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <InfiniteList
      items={pages.flatMap((page) => page.posts)}
      getKey={(post) => post.id}
      renderItem={(post, index) => <ResultRow post={post} priority={index === 0} />}
      isLoading={results.isPending}
      hasNextPage={results.hasNextPage}
      isFetchingNextPage={results.isFetchingNextPage}
      fetchNextPage={() => void results.fetchNextPage()}
      label={`Your library: stories matching “${query}”`}
      skeleton={<RowSkeleton />}
      emptyText={`${EMPTY[scope]} “${query}”.`}
    />
  );
}
