import { Fragment, useId, useState } from 'react';
import { ArrowDown, ArrowUp, ChevronDown } from 'lucide-react';
import type { StatsPeriod, StatsPost } from '@inkwell/contract';
import { formatShortDate } from '../../../lib/dates';
import { formatCount, formatRatio } from '../lib/format';
import { DEFAULT_SORT, type Sort, type SortKey, nextSort, sortPosts } from '../lib/sort';
import { EmailBadge } from './EmailStats';
import { PostStatsPanel } from './PostStatsPanel';

/**
 * The numbers' columns and their widths (from 640 px the heading row sets them: the layout is fixed); the
 * last three only from 640 px (on a phone they are in each post's panel).
 */
const COLUMNS: ReadonlyArray<{ key: Exclude<SortKey, 'newest'>; label: string; width: string; wide?: true }> = [
  { key: 'views', label: 'Views', width: 'w-16 sm:w-[4.5rem]' },
  { key: 'reads', label: 'Reads', width: 'w-16 sm:w-[4.5rem]' },
  { key: 'likes', label: 'Likes', width: 'w-14 sm:w-[4.5rem]' },
  { key: 'read_ratio', label: 'Read ratio', width: 'sm:w-[5.5rem]', wide: true },
  { key: 'saves', label: 'Saves', width: 'sm:w-[4.5rem]', wide: true },
  { key: 'comments', label: 'Comments', width: 'sm:w-[5.5rem]', wide: true },
];

const focus = 'rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
const wideOnly = 'hidden sm:table-cell';

function SortHeading({ label, sortKey, sort, onSort, className = '' }: { label: string; sortKey: SortKey; sort: Sort; onSort: (key: SortKey) => void; className?: string }) {
  const active = sort.key === sortKey;
  const Arrow = sort.descending ? ArrowDown : ArrowUp;
  return (
    <th scope="col" aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : undefined} className={`py-2 font-semibold ${className}`}>
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className={`inline-flex items-center gap-0.5 hover:text-zinc-950 dark:hover:text-white ${focus} ${active ? 'text-zinc-900 dark:text-zinc-50' : ''}`}
      >
        {label}
        {active && <Arrow aria-hidden="true" className="size-3 shrink-0" />}
      </button>
    </th>
  );
}

interface StatsTableProps {
  userId: string;
  days: StatsPeriod;
  posts: readonly StatsPost[];
  /** The post whose day-by-day panel is open (from the address), or null. */
  open: number | null;
  onOpen: (postId: number | null) => void;
}

/** The writer's posts with their numbers, sortable by any column; a post's title opens its chart below it. */
export function StatsTable({ userId, days, posts, open, onOpen }: StatsTableProps) {
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const id = useId();
  const onSort = (key: SortKey) => setSort((current) => nextSort(current, key));
  return (
    <table className="mt-8 w-full table-auto border-collapse text-sm sm:table-fixed">
      <caption className="sr-only">Your stories and their numbers; choose a title for its chart.</caption>
      <thead className="border-b border-zinc-200 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
        <tr>
          <SortHeading label="Story" sortKey="newest" sort={sort} onSort={onSort} className="text-left" />
          {COLUMNS.map((column) => (
            <SortHeading
              key={column.key}
              label={column.label}
              sortKey={column.key}
              sort={sort}
              onSort={onSort}
              className={`pl-2 text-right ${column.width} ${column.wide ? wideOnly : ''}`}
            />
          ))}
        </tr>
      </thead>
      <tbody>
        {sortPosts(posts, sort).map((post) => {
          const expanded = open === post.id;
          const panelId = `${id}-${post.id}`;
          return (
            <Fragment key={post.id}>
              <tr id={`stats-post-${post.id}`} data-testid="stats-row" className="scroll-mt-20 border-b border-zinc-100 align-top dark:border-zinc-900">
                <th scope="row" className="py-3 pr-3 text-left font-normal">
                  <button
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={expanded ? panelId : undefined}
                    onClick={() => onOpen(expanded ? null : post.id)}
                    className={`group flex w-full items-start gap-1.5 text-left ${focus}`}
                  >
                    <ChevronDown aria-hidden="true" className={`mt-1 size-4 shrink-0 text-zinc-500 transition-transform ${expanded ? 'rotate-180' : ''}`} />
                    <span className="line-clamp-3 min-w-0 break-words font-serif text-base font-bold leading-snug text-zinc-900 group-hover:underline dark:text-zinc-50">
                      {post.title.trim() || 'Untitled'}
                    </span>
                  </button>
                  <span className="mt-1 block pl-5.5 text-xs text-zinc-500 dark:text-zinc-400">
                    <time dateTime={post.created_at}>{formatShortDate(post.created_at)}</time>
                  </span>
                  <EmailBadge email={post.email} />
                </th>
                {COLUMNS.map((column) => (
                  <td key={column.key} className={`py-3 pl-2 text-right tabular-nums text-zinc-800 dark:text-zinc-200 ${column.wide ? wideOnly : ''}`}>
                    {column.key === 'read_ratio' ? formatRatio(post.read_ratio) : formatCount(post[column.key])}
                  </td>
                ))}
              </tr>
              {expanded && (
                <tr id={panelId} className="border-b border-zinc-200 dark:border-zinc-800">
                  <td colSpan={COLUMNS.length + 1}>
                    {/* Takes the table's width without widening it (its own content scrolls inside). */}
                    <div className="w-0 min-w-full">
                      <PostStatsPanel userId={userId} postId={post.id} days={days} />
                    </div>
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}
