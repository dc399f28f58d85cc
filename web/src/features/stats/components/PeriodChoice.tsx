import { STATS_PERIODS, type StatsPeriod } from '@inkwell/contract';

/** 7, 30 or 90 days: radio buttons drawn as one pill (keyboard: arrows move between them). */
export function PeriodChoice({ value, onChange }: { value: StatsPeriod; onChange: (days: StatsPeriod) => void }) {
  return (
    <fieldset className="flex shrink-0 rounded-full border border-zinc-300 p-0.5 dark:border-zinc-700">
      <legend className="sr-only">Period</legend>
      {STATS_PERIODS.map((days) => (
        <label
          key={days}
          className="cursor-pointer rounded-full px-3 py-1.5 text-sm font-semibold text-zinc-700 transition-colors hover:text-zinc-950 has-checked:bg-zinc-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600 dark:text-zinc-300 dark:hover:text-white dark:has-checked:bg-zinc-100 dark:has-checked:text-zinc-950"
        >
          <input type="radio" name="stats-period" value={days} checked={value === days} onChange={() => onChange(days)} className="sr-only" />
          {days} days
        </label>
      ))}
    </fieldset>
  );
}
