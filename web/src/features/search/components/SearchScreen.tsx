import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_RESULT_TYPES, type SearchResultType } from '@inkwell/contract';
import { Button } from '../../../components/Button';
import { InfiniteList } from '../../../components/InfiniteList';
import { ListPage } from '../../../components/ListPage';
import { UnderlineTabs } from '../../../components/UnderlineTabs';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { useSearchResults } from '../api/search-results';
import { PersonResult, PostResult, TopicResult } from './ResultRows';

const TABS: ReadonlyArray<{ key: SearchResultType; label: string }> = [
  { key: 'people', label: 'People' },
  { key: 'posts', label: 'Posts' },
  { key: 'topics', label: 'Topics' },
];

/** The tab in the address (?type=people|topics), posts unless told. */
function typeOf(value: string | null): SearchResultType {
  return (SEARCH_RESULT_TYPES as readonly string[]).includes(value ?? '') ? (value as SearchResultType) : 'posts';
}

function RowSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse border-b border-zinc-200 py-6 dark:border-zinc-800">
      <div className="h-5 w-3/4 rounded bg-zinc-200 dark:bg-zinc-800" />
      <div className="mt-3 h-4 w-full rounded bg-zinc-200 dark:bg-zinc-800" />
      <div className="mt-2 h-4 w-1/2 rounded bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}

function Results({ query, type }: { query: string; type: SearchResultType }) {
  const results = useSearchResults(query, type);
  const pages = results.data?.pages ?? [];
  const label = TABS.find((tab) => tab.key === type)!.label;
  if (results.isError && pages.length === 0) {
    return (
      <div role="alert" className="py-16 text-center text-zinc-600 dark:text-zinc-400">
        <p>Search is not available right now.</p>
        <Button variant="secondary" className="mt-4" onClick={() => void results.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const list = {
    isLoading: results.isPending,
    hasNextPage: results.hasNextPage,
    isFetchingNextPage: results.isFetchingNextPage,
    fetchNextPage: () => void results.fetchNextPage(),
    label: `${label} matching “${query}”`,
    skeleton: <RowSkeleton />,
  };
  if (type === 'people') {
    return (
      <InfiniteList
        {...list}
        items={pages.flatMap((p) => p.people)}
        getKey={(p) => p.id}
        renderItem={(p) => <PersonResult person={p} />}
        emptyText={`No people match “${query}”.`}
      />
    );
  }
  if (type === 'topics') {
    return (
      <InfiniteList {...list} items={pages.flatMap((p) => p.topics)} getKey={(t) => t.id} renderItem={(t) => <TopicResult topic={t} />} emptyText={`No topics match “${query}”.`} />
    );
  }
  return (
    <InfiniteList
      {...list}
      items={pages.flatMap((p) => p.posts)}
      getKey={(p) => p.id}
      renderItem={(p, index) => <PostResult post={p} priority={index === 0} />}
      emptyText={`No posts match “${query}”.`}
    />
  );
}

/**
 * /search?q=…&type=… (issue 13): what a search found, in tabs People, Posts and Topics (the tab in the
 * address), more as the reader scrolls; matched words marked. Open to visitors; never indexed.
 */
export function SearchScreen() {
  const [params, setParams] = useSearchParams();
  const panelId = useId();
  const query = (params.get('q') ?? '').trim();
  const type = typeOf(params.get('type'));
  const pageTitle = query ? `Search results for “${query}”` : 'Search';
  return (
    <>
      <DocumentTitle title={pageTitle} noindex />
      <ListPage title={query ? <>Results for “{query}”</> : 'Search'} intro={query ? undefined : 'Type what you are looking for in the search box above.'}>
        {query && (
          <>
            <UnderlineTabs
              panelId={panelId}
              label="Search results"
              tabs={TABS}
              selected={type}
              onSelect={(key) => setParams(key === 'posts' ? { q: query } : { q: query, type: key }, { replace: true })}
            />
            <div id={panelId} role="tabpanel" aria-label={TABS.find((tab) => tab.key === type)!.label}>
              <Results key={`${type}:${query}`} query={query} type={type} />
            </div>
          </>
        )}
      </ListPage>
    </>
  );
}
