import { useId } from 'react';
import type { StatsDay } from '@inkwell/contract';
import { formatCount, formatDay, formatLongDay, plural } from '../lib/format';

const STEP = 10;
const HEIGHT = 100;

/** A sentence saying what the chart shows, for those who cannot see it. */
function describe(series: readonly StatsDay[]): string {
  const views = series.reduce((sum, day) => sum + day.views, 0);
  const reads = series.reduce((sum, day) => sum + day.reads, 0);
  const first = series[0];
  const last = series[series.length - 1];
  if (!first || !last) return 'No days to show.';
  const span = `from ${formatLongDay(first.day)} to ${formatLongDay(last.day)}`;
  if (views === 0 && reads === 0) return `Views and reads per day ${span}: none yet.`;
  const busiest = series.reduce((best, day) => (day.views > best.views ? day : best), first);
  return `Views and reads per day ${span}: ${plural(views, 'view')} and ${plural(reads, 'read')} in all; most views on ${formatLongDay(busiest.day)} (${formatCount(busiest.views)}).`;
}

/**
 * Views (light bars) and reads (dark bars inside them) per day, as inline SVG: the bars stretch with the
 * width (no text inside the drawing, so nothing is distorted); the scale and the days are HTML around it.
 */
export function DailyChart({ series }: { series: readonly StatsDay[] }) {
  const titleId = useId();
  const top = Math.max(1, ...series.map((day) => Math.max(day.views, day.reads)));
  const bar = (value: number) => (value / top) * HEIGHT;
  const first = series[0];
  const last = series[series.length - 1];
  return (
    <figure className="mt-4">
      <div className="flex items-stretch gap-2">
        <div aria-hidden="true" className="flex w-8 shrink-0 flex-col justify-between text-right text-xs tabular-nums text-zinc-500 dark:text-zinc-400">
          <span>{formatCount(top)}</span>
          <span>0</span>
        </div>
        <svg
          role="img"
          aria-labelledby={titleId}
          viewBox={`0 0 ${series.length * STEP} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-36 min-w-0 flex-1 overflow-visible border-b border-zinc-300 dark:border-zinc-700"
        >
          <title id={titleId}>{describe(series)}</title>
          <line x1="0" x2={series.length * STEP} y1="0" y2="0" vectorEffect="non-scaling-stroke" className="stroke-zinc-200 dark:stroke-zinc-800" strokeDasharray="4 4" />
          {series.map((day, i) => (
            <g key={day.day}>
              {day.views > 0 && (
                <rect x={i * STEP + 1} width={STEP - 2} y={HEIGHT - bar(day.views)} height={bar(day.views)} rx="1" className="fill-indigo-200 dark:fill-indigo-900" />
              )}
              {day.reads > 0 && (
                <rect x={i * STEP + 3} width={STEP - 6} y={HEIGHT - bar(day.reads)} height={bar(day.reads)} rx="1" className="fill-indigo-700 dark:fill-indigo-300" />
              )}
            </g>
          ))}
        </svg>
      </div>
      {first && last && (
        <div aria-hidden="true" className="ml-10 mt-1 flex justify-between text-xs text-zinc-500 dark:text-zinc-400">
          <span>{formatDay(first.day)}</span>
          <span>{formatDay(last.day)}</span>
        </div>
      )}
      <figcaption className="ml-10 mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-indigo-200 dark:bg-indigo-900" />
          Views
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-indigo-700 dark:bg-indigo-300" />
          Reads (to the end)
        </span>
      </figcaption>
    </figure>
  );
}
