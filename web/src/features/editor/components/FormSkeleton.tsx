/** The writing screen's shape while what it edits loads: fields on the left, the preview on the right. */
export function FormSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" aria-label={label} className="grid animate-pulse gap-10 lg:grid-cols-2">
      <div className="space-y-6">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-16 rounded-lg bg-zinc-100 dark:bg-zinc-900" />
        ))}
        <div className="h-80 rounded-lg bg-zinc-100 dark:bg-zinc-900" />
      </div>
      <div className="h-96 rounded-xl bg-zinc-100 dark:bg-zinc-900" />
    </div>
  );
}
