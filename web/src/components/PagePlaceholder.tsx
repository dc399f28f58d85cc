import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';

interface PagePlaceholderProps {
  title: string;
  children?: ReactNode;
}

/** A screen whose content later work fills: its heading, a line of what it will hold, and the title. */
export function PagePlaceholder({ title, children }: PagePlaceholderProps) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="font-serif text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-50">{title}</h1>
      {children && <p className="mt-3 text-base leading-7 text-zinc-600 dark:text-zinc-400">{children}</p>}
    </section>
  );
}
