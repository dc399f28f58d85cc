/** What a lazy screen shows while its code loads: a quiet skeleton, not a spinner. */
export function PageFallback() {
  return (
    <div aria-busy="true" aria-label="Loading" className="mx-auto w-full max-w-3xl animate-pulse px-4 py-12 sm:px-6">
      <div className="h-9 w-2/3 rounded-lg bg-zinc-200 dark:bg-zinc-800" />
      <div className="mt-5 h-4 w-full rounded bg-zinc-200 dark:bg-zinc-800" />
      <div className="mt-3 h-4 w-5/6 rounded bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}
