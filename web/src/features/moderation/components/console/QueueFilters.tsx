import { Link } from 'react-router';
import { type ReportKind, paths } from '@inkwell/contract';
import type { CaseFilter } from '../../api/console';
import { StatusTabs } from './ConsoleBits';

const KINDS: ReadonlyArray<{ kind: ReportKind | undefined; label: string }> = [
  { kind: undefined, label: 'All' },
  { kind: 'post', label: 'Stories' },
  { kind: 'comment', label: 'Comments' },
  { kind: 'reply', label: 'Replies' },
  { kind: 'account', label: 'Accounts' },
];

const chipClass = (current: boolean) =>
  `inline-flex items-center rounded-full border px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
    current
      ? 'border-zinc-900 bg-zinc-900 font-semibold text-white dark:border-zinc-100 dark:bg-zinc-100 dark:text-zinc-900'
      : 'border-zinc-300 text-zinc-700 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-900'
  }`;

/**
 * The queue's filters as links (`/mod?status=resolved&kind=comment`), so they work before the app's
 * scripts and each view has its address; the one shown is marked (aria-current, and in weight, not
 * only in colour).
 */
export function QueueFilters({ filter, openCount }: { filter: CaseFilter; openCount: number | undefined }) {
  const statuses = [
    { status: 'open' as const, label: openCount === undefined ? 'Open' : `Open (${openCount})` },
    { status: 'resolved' as const, label: 'Decided' },
  ];
  return (
    <div className="mt-6">
      <StatusTabs
        label="Cases by status"
        tabs={statuses.map(({ status, label }) => ({ href: paths.mod.getHref({ status, kind: filter.kind }), label, current: filter.status === status }))}
      />
      <nav aria-label="Cases by kind" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {KINDS.map(({ kind, label }) => (
            <li key={label}>
              <Link to={paths.mod.getHref({ status: filter.status, kind })} aria-current={filter.kind === kind ? 'page' : undefined} className={chipClass(filter.kind === kind)}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
