import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { formatClock, formatShortDate } from '../../../lib/dates';
import type { SaveState } from '../hooks/use-server-draft';

function when(at: string): string {
  const date = new Date(at);
  return date.toDateString() === new Date().toDateString() ? formatClock(date) : `${formatShortDate(date)}, ${formatClock(date)}`;
}

/**
 * The quiet line beside Save draft: Saving…, Saved to drafts 12:04, or why it was not saved. Two
 * lines of room are kept, so a message never moves the buttons or the form.
 */
export function DraftStatus({ state }: { state: SaveState }) {
  return (
    <div role="status" aria-live="polite" data-testid="draft-status" className="flex min-h-10 min-w-0 flex-1 items-center text-sm">
      {state.kind === 'saving' && (
        <p className="flex items-center gap-1.5 text-zinc-600 dark:text-zinc-400">
          <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin" />
          Saving…
        </p>
      )}
      {state.kind === 'saved' && (
        <p className="flex items-center gap-1.5 text-zinc-600 dark:text-zinc-400">
          <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
          <span>
            Saved to drafts <time dateTime={state.at}>{when(state.at)}</time>
          </span>
        </p>
      )}
      {state.kind === 'error' && (
        <p className="flex items-start gap-1.5 text-red-700 dark:text-red-400">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="line-clamp-2">{state.message}</span>
        </p>
      )}
    </div>
  );
}
