import { Link } from 'react-router';
import { STAFF_ONLY } from '@inkwell/contract';
import { Button } from '../../../../components/Button';
import { isApiError } from '../../../../lib/api-client';

/** What a console form says when the API refused it without naming a field: its message, the staff-only words for a bare 403, else `fallback` (the network, a 5xx). */
export const problemOf = (error: unknown, fallback: string): string => (isApiError(error) ? error.message || (error.status === 403 ? STAFF_ONLY : fallback) : fallback);

const tabClass = (current: boolean) =>
  `-mb-px block border-b-2 px-3 py-3 text-sm transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 ${
    current
      ? 'border-zinc-900 font-semibold text-zinc-900 dark:border-zinc-100 dark:text-zinc-50'
      : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100'
  }`;

/**
 * A console list's views as tabs of links (`?status=…`), so they work before the app's scripts and
 * each has its address; the one shown is marked (aria-current, and in weight, not only in colour).
 */
export function StatusTabs({ label, tabs, className }: { label: string; tabs: ReadonlyArray<{ href: string; label: string; current: boolean }>; className?: string }) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex gap-1 border-b border-zinc-200 dark:border-zinc-800">
        {tabs.map((tab) => (
          <li key={tab.href}>
            <Link to={tab.href} aria-current={tab.current ? 'page' : undefined} className={tabClass(tab.current)}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The next page of a console list, under it, while there is one. */
export function LoadMore({ list }: { list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown } }) {
  if (!list.hasNextPage) return null;
  return (
    <div className="mt-6 text-center">
      <Button type="button" variant="secondary" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
        Load more
      </Button>
    </div>
  );
}

interface ChoiceCardsProps<T extends string> {
  name: string;
  choices: readonly T[];
  labels: Readonly<Record<T, string>>;
  /** The one checked at first (a refused plain form's echo). */
  value: string | undefined;
  invalid: boolean;
  /** The grid's columns from the small breakpoint up. */
  columns?: 'sm:grid-cols-2' | 'sm:grid-cols-3';
}

/** One choice of a few as radio buttons in cards (a decision, an answer): plain named fields, for the form before and after scripts. */
export function ChoiceCards<T extends string>({ name, choices, labels, value, invalid, columns = 'sm:grid-cols-2' }: ChoiceCardsProps<T>) {
  return (
    <div className={`mt-2 grid gap-2 ${columns}`}>
      {choices.map((choice) => (
        <label
          key={choice}
          className="flex cursor-pointer items-center gap-3 rounded-xl border border-zinc-200 px-3 py-2.5 has-checked:border-indigo-600 has-checked:bg-indigo-50 dark:border-zinc-800 dark:has-checked:border-indigo-400 dark:has-checked:bg-indigo-950/40"
        >
          <input
            type="radio"
            name={name}
            value={choice}
            defaultChecked={value === choice}
            aria-invalid={invalid ? true : undefined}
            className="size-4 shrink-0 accent-indigo-700 dark:accent-indigo-400"
          />
          <span className="text-[15px] text-zinc-900 dark:text-zinc-100">{labels[choice]}</span>
        </label>
      ))}
    </div>
  );
}
