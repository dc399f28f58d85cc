import type { ReactNode } from 'react';

/** The calm frame of the writing screens: a heading, a line of help, then the form and preview. */
export function WritingPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <header className="mb-8 max-w-2xl">
        <h1 className="font-serif text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-50">{title}</h1>
        <p className="mt-2 text-base leading-7 text-zinc-600 dark:text-zinc-400">{intro}</p>
      </header>
      {children}
    </section>
  );
}
