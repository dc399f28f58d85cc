import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@inkwell/contract';
import { useRenderStatus } from '../lib/render-context';
import { buttonStyles } from './Button';
import { DocumentTitle } from './DocumentTitle';

/**
 * An address that names nothing (a deleted post, an unknown profile: 404) or nothing any more (a
 * suspended account's: 410): what happened and the way back.
 */
export function NotHere({ title, noindex, status = 404, children }: { title: string; noindex?: boolean; status?: 404 | 410; children: ReactNode }) {
  useRenderStatus(status);
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <DocumentTitle title={title} noindex={noindex} />
      <h1 className="font-serif text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-50">{title}</h1>
      <p className="mt-4 max-w-md font-serif text-lg leading-relaxed text-zinc-700 dark:text-zinc-300">{children}</p>
      <Link to={paths.home.getHref()} className={`${buttonStyles.primary} mt-8`}>
        Back to the feed
      </Link>
    </section>
  );
}
