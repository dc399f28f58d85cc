import { Link } from 'react-router';
import { ArrowUpRight } from 'lucide-react';
import { paths, type StatsPeriod } from '@inkwell/contract';
import { Button } from '../../../components/Button';
import { usePostStats } from '../api/get-post-stats';
import { formatCount, formatDay, formatRatio, plural } from '../lib/format';
import { DailyChart } from './DailyChart';
import { EmailSummary } from './EmailStats';

const cell = 'px-1.5 py-1.5 text-right tabular-nums sm:px-2';

/** One post's period day by day: the chart, its sums, and the same numbers as a table (the chart's text alternative). */
export function PostStatsPanel({ userId, postId, days }: { userId: string; postId: number; days: StatsPeriod }) {
  const stats = usePostStats(userId, postId, days);
  if (stats.isPending) {
    return <div aria-busy="true" aria-label="Loading the chart" className="mt-4 h-52 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-900" />;
  }
  if (stats.isError) {
    return (
      <div role="alert" className="py-6 text-sm text-zinc-700 dark:text-zinc-300">
        <p>This story’s numbers could not be loaded.</p>
        <Button variant="secondary" className="mt-3" onClick={() => void stats.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { series, totals, email } = stats.data;
  return (
    <div data-testid="post-stats" className="pb-4">
      <DailyChart series={series} />
      <p className="mt-4 text-sm text-zinc-700 dark:text-zinc-300">
        {plural(totals.views, 'view')}, {plural(totals.reads, 'read')} ({formatRatio(totals.read_ratio)} read to the end), {plural(totals.likes, 'like')},{' '}
        {plural(totals.saves, 'save')}, {plural(totals.comments, 'comment')} in {days} days.
      </p>
      <EmailSummary email={email} />
      <div className="mt-3 space-y-3 text-sm">
        <details>
          <summary className="cursor-pointer rounded font-semibold text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-300">
            Day by day
          </summary>
          <div className="mt-2 max-h-72 overflow-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
            <table className="w-full text-xs sm:text-sm">
              <caption className="sr-only">Numbers per day</caption>
              <thead className="sticky top-0 bg-zinc-50 text-xs text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
                <tr>
                  <th scope="col" className="px-1.5 py-1.5 text-left font-semibold sm:px-2">
                    Day
                  </th>
                  {['Views', 'Reads', 'Likes', 'Saves', 'Comments'].map((label) => (
                    <th key={label} scope="col" className={`${cell} font-semibold`}>
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                {[...series].reverse().map((day) => (
                  <tr key={day.day}>
                    <th scope="row" className="whitespace-nowrap px-1.5 py-1.5 text-left font-normal sm:px-2">
                      <time dateTime={day.day}>{formatDay(day.day)}</time>
                    </th>
                    {[day.views, day.reads, day.likes, day.saves, day.comments].map((n, i) => (
                      <td key={i} className={cell}>
                        {formatCount(n)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
        <Link
          to={paths.viewPost.getHref(postId)}
          className="inline-flex items-center gap-1 rounded font-semibold text-zinc-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-zinc-300"
        >
          Open the story
          <ArrowUpRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </div>
  );
}
