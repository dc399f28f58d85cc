import type { SelectHTMLAttributes } from 'react';
import { COMMENTS_FROM_CHOICES, type CommentsFrom } from '@inkwell/contract';

/**
 * A writer's choice of who may comment (issue 47, ADR 0115): anyone, their followers, their
 * newsletter's subscribers or nobody; on a story's page and in Settings for new stories.
 */
export function CommentsFromSelect({
  value,
  onChoose,
  ...attributes
}: { value: CommentsFrom; onChoose: (from: CommentsFrom) => void } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'className'>) {
  return (
    <select
      {...attributes}
      value={value}
      onChange={(event) => onChoose(event.target.value as CommentsFrom)}
      className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      {Object.entries(COMMENTS_FROM_CHOICES).map(([choice, label]) => (
        <option key={choice} value={choice}>
          {label}
        </option>
      ))}
    </select>
  );
}
