import { History } from 'lucide-react';

/** A quiet line saying the form came back from a saved draft, with a way to drop it. */
export function DraftRestoredHint({ onDiscard }: { onDiscard: () => void }) {
  return (
    <div
      role="status"
      data-testid="draft-restored"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/60 dark:text-amber-100 dark:ring-amber-900"
    >
      <History aria-hidden="true" className="size-4 shrink-0" />
      <span className="flex-1">Draft restored</span>
      <button
        type="button"
        onClick={onDiscard}
        className="rounded font-semibold underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
      >
        Discard draft
      </button>
    </div>
  );
}
