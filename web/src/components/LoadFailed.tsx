import { Button } from './Button';

/** A screen's data did not come: what it was, and Try again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="py-10 text-center text-sm text-zinc-700 dark:text-zinc-300">
      <p>{what} could not be loaded.</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
