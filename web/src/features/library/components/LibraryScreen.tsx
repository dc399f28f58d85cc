import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PenLine } from 'lucide-react';
import { paths } from '@inkwell/contract';
import { buttonStyles } from '../../../components/Button';
import { ListPage } from '../../../components/ListPage';
import { UnderlineTabs } from '../../../components/UnderlineTabs';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DraftList } from './DraftList';

export type LibraryTab = 'published' | 'drafts' | 'scheduled';

const TABS: ReadonlyArray<{ key: LibraryTab; label: string }> = [
  { key: 'published', label: 'Published' },
  { key: 'drafts', label: 'Drafts' },
  { key: 'scheduled', label: 'Scheduled' },
];

/** The tab in the address (?tab=drafts|scheduled), so a reload or a shared link keeps it. */
function tabOf(value: string | null): LibraryTab {
  return value === 'drafts' || value === 'scheduled' ? value : 'published';
}

/**
 * /yourposts (Library): the writer's stories in three tabs: Published (the cards in edit mode, the
 * screen's to give), Drafts and Scheduled.
 */
export function LibraryScreen({ userId, published }: { userId: string; published: ReactNode }) {
  useDocumentTitle('Library');
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  return (
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
    >
      <UnderlineTabs
        label="Library"
        tabs={TABS}
        selected={tab}
        onSelect={(key) => setParams(key === 'published' ? {} : { tab: key }, { replace: true })}
      />
      <div role="tabpanel" aria-label={TABS.find((item) => item.key === tab)!.label}>
        {tab === 'published' ? published : <DraftList key={tab} userId={userId} kind={tab} />}
      </div>
    </ListPage>
  );
}
