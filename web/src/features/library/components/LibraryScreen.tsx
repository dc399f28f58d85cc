import { useId, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PenLine } from 'lucide-react';
import { LIBRARY_SCOPES, paths, type LibraryScope } from '@inkwell/contract';
import { buttonStyles } from '../../../components/Button';
import { ListPage } from '../../../components/ListPage';
import { UnderlineTabs } from '../../../components/UnderlineTabs';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { DraftList } from './DraftList';
import type { RenderHistoryCard } from './HistoryEntryCard';
import { HistoryPanel } from './HistoryPanel';
import { LibraryResults } from './LibraryResults';
import { LibrarySearchForm } from './LibrarySearchForm';

export type LibraryTab = 'published' | 'drafts' | 'scheduled' | 'history';

const TABS: ReadonlyArray<{ key: LibraryTab; label: string }> = [
  { key: 'published', label: 'Published' },
  { key: 'drafts', label: 'Drafts' },
  { key: 'scheduled', label: 'Scheduled' },
  { key: 'history', label: 'History' },
];

/** The tab in the address (?tab=drafts|scheduled|history), so a reload or a shared link keeps it. */
function tabOf(value: string | null): LibraryTab {
  return value === 'drafts' || value === 'scheduled' || value === 'history' ? value : 'published';
}

/** Where the library's search looks (?scope=), everywhere unless told. */
function scopeOf(value: string | null): LibraryScope {
  return (LIBRARY_SCOPES as readonly string[]).includes(value ?? '') ? (value as LibraryScope) : 'all';
}

/**
 * /yourposts (Library): a search over what the member saved, read and wrote (?q=…&scope=…, the results
 * in place of the tabs), and four tabs: Published (the cards in edit mode, the screen's to give),
 * Drafts, Scheduled and History (issue 13, the opt-in reading history).
 */
export function LibraryScreen({ userId, published, renderHistoryCard }: { userId: string; published: ReactNode; renderHistoryCard?: RenderHistoryCard }) {
  const [params, setParams] = useSearchParams();
  const panelId = useId();
  const tab = tabOf(params.get('tab'));
  const query = (params.get('q') ?? '').trim();
  const scope = scopeOf(params.get('scope'));
  const pageTitle = query ? `Library: “${query}”` : 'Library';
  // The tab stays in the address under a search, so clearing it comes back to the same tab.
  const tabParam: Record<string, string> = tab === 'published' ? {} : { tab };
  return (
    <>
      <DocumentTitle title={pageTitle} />
      <ListPage
        title="Library"
        intro={
          <span className="flex flex-wrap items-center justify-between gap-3">
            <span>Your stories, published or in the making.</span>
            <Link to={paths.createPost.getHref()} className={buttonStyles.secondary}>
              <PenLine aria-hidden="true" className="size-4" />
              Write
            </Link>
          </span>
        }
        action={
          <LibrarySearchForm
            query={query}
            scope={scope}
            onSearch={(words, where) => setParams({ ...tabParam, q: words, scope: where }, { replace: Boolean(query) })}
            onClear={() => setParams(tabParam)}
          />
        }
      >
        {query ? (
          <section aria-label="Search results">
            <LibraryResults key={`${scope}:${query}`} userId={userId} query={query} scope={scope} />
          </section>
        ) : (
          <>
            {/* Four tabs: a little narrower on phones, and scrolled sideways rather than past the page on the narrowest. */}
            <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0 [&>[role=tablist]]:w-max [&>[role=tablist]]:min-w-full max-sm:[&_[role=tab]]:px-2.5">
              <UnderlineTabs
                panelId={panelId}
                label="Library"
                tabs={TABS}
                selected={tab}
                onSelect={(key) => setParams(key === 'published' ? {} : { tab: key }, { replace: true })}
              />
            </div>
            <div id={panelId} role="tabpanel" aria-label={TABS.find((item) => item.key === tab)!.label}>
              {tab === 'published' ? (
                published
              ) : tab === 'history' ? (
                <HistoryPanel userId={userId} renderCard={renderHistoryCard} />
              ) : (
                <DraftList key={tab} userId={userId} kind={tab} />
              )}
            </div>
          </>
        )}
      </ListPage>
    </>
  );
}
