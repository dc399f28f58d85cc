import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { paths } from '@inkwell/contract';
import { DocumentTitle } from '../../../../components/DocumentTitle';
import { LoadFailed } from '../../../../components/LoadFailed';
import { NotHere } from '../../../../components/NotHere';
import { isApiError } from '../../../../lib/api-client';
import { ConsoleNav } from './ConsoleNav';
import { StaffOnly, isForbidden, quietLink } from './CaseParts';

interface Props<T> {
  /** The page's heading and title. */
  title: string;
  /** What is loaded, as a sentence starts ("The case"): said when it fails to load. */
  what: string;
  query: UseQueryResult<T>;
  /** Said when the API answers 404: a title and a sentence. */
  missing: { title: string; text: string };
  wide?: boolean;
  children: (data: T) => ReactNode;
}

/**
 * A page of the console about one thing (a case, an account): the way back to the queue, the console's
 * tabs, the heading, then the thing once loaded, or why not (not staff, gone, failed, loading).
 */
export function ConsoleDetail<T>({ title, what, query, missing, wide = false, children }: Props<T>) {
  if (query.isError && isApiError(query.error) && query.error.status === 404) {
    return (
      <NotHere title={missing.title} noindex>
        {missing.text}
      </NotHere>
    );
  }
  return (
    <section className={`mx-auto w-full ${wide ? 'max-w-[1120px]' : 'max-w-[760px]'} px-4 pb-16 pt-8 sm:px-6 sm:pt-12`}>
      <DocumentTitle title={title} noindex />
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <p>
          <Link to={paths.mod.getHref()} className={`${quietLink} inline-flex items-center gap-1.5 text-sm`}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            The queue
          </Link>
        </p>
        <ConsoleNav current="cases" page={false} />
      </div>
      <h1 className="mt-3 break-words font-serif text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-50">{title}</h1>
      {query.data ? (
        children(query.data)
      ) : isForbidden(query.error) ? (
        <StaffOnly />
      ) : query.isError ? (
        <LoadFailed what={what} onRetry={() => void query.refetch()} />
      ) : (
        <div
          role="status"
          aria-busy="true"
          aria-label={`Loading ${what.charAt(0).toLowerCase()}${what.slice(1)}`}
          className="mt-6 h-40 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-900"
        />
      )}
    </section>
  );
}
