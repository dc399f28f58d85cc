import type { ReactNode } from 'react';

/** The reading column with a serif heading, for the list screens; `action` sits under the intro (a topic's Follow). */
export function ListPage({ title, intro, action, children }: { title: ReactNode; intro?: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-[728px] px-4 pb-16 pt-8 sm:px-6 sm:pt-12">
      <h1 className="break-words font-serif text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-50">{title}</h1>
      {intro && <p className="mt-2 text-base text-zinc-600 dark:text-zinc-400">{intro}</p>}
      {action}
      <div className="mt-4 border-t border-zinc-200 dark:border-zinc-800">{children}</div>
    </section>
  );
}
