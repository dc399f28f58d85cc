import { Button } from '../../../../components/Button';

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
