import type { StatsTotals } from '@inkwell/contract';
import { formatCount, formatRatio, plural } from '../lib/format';

function Tile({ label, value, note }: { label: string; value: number; note?: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-zinc-200 px-3 py-3 sm:px-4 dark:border-zinc-800">
      <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="mt-1 truncate font-serif text-2xl font-bold tabular-nums text-zinc-900 sm:text-3xl dark:text-zinc-50">{formatCount(value)}</dd>
      {note && <dd className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{note}</dd>}
    </div>
  );
}

/** The period's sums: views, reads (with how many views were read to the end) and likes; saves and comments below. */
export function StatsSummary({ totals }: { totals: StatsTotals }) {
  return (
    <section aria-label="Summary" className="mt-6">
      <dl className="grid grid-cols-3 gap-2 sm:gap-3">
        <Tile label="Views" value={totals.views} />
        <Tile label="Reads" value={totals.reads} note={totals.read_ratio === null ? undefined : `${formatRatio(totals.read_ratio)} of views`} />
        <Tile label="Likes" value={totals.likes} />
      </dl>
      <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
        {plural(totals.saves, 'save')}
        <span aria-hidden="true"> · </span>
        {plural(totals.comments, 'comment')}
      </p>
    </section>
  );
}
