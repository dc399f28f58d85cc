/** A post card's shape while its data is coming (DESIGN: skeletons, not spinners); same height as a card. */
export function PostCardSkeleton() {
  return (
    <div aria-hidden="true" data-testid="post-card-skeleton" className="animate-pulse border-b border-zinc-200 py-8 dark:border-zinc-800">
      <div className="flex items-center gap-2">
        <div className="size-6 rounded-full bg-zinc-200 dark:bg-zinc-800" />
        <div className="h-3 w-28 rounded bg-zinc-200 dark:bg-zinc-800" />
      </div>
      <div className="mt-3 flex gap-4 sm:gap-8">
        <div className="min-w-0 flex-1 space-y-3">
          <div className="h-6 w-11/12 rounded bg-zinc-200 dark:bg-zinc-800" />
          <div className="h-4 w-full rounded bg-zinc-200 dark:bg-zinc-800" />
          <div className="h-4 w-2/3 rounded bg-zinc-200 dark:bg-zinc-800" />
        </div>
        <div className="size-20 shrink-0 rounded-md bg-zinc-200 sm:h-28 sm:w-40 dark:bg-zinc-800" />
      </div>
      <div className="mt-5 h-3 w-40 rounded bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}
