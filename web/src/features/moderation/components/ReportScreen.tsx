import { Link } from 'react-router';
import type { ReportKind } from '@inkwell/contract';
import { REPORTED_ALREADY, REPORT_OWN, paths } from '@inkwell/contract';
import { useQuery } from '@tanstack/react-query';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { LoadFailed } from '../../../components/LoadFailed';
import { NotHere } from '../../../components/NotHere';
import { isApiError } from '../../../lib/api-client';
import { reportTargetQueryOptions } from '../api/reports';
import { ReportForm, reportTitle } from './ReportForm';

/** What is reported, as the reporter is shown it: whose, and its title, first words or name, with a link to it. */
function Reported({ label, author, href, kind }: { label: string; author: string; href: string; kind: ReportKind }) {
  return (
    <figure className="mt-6 rounded-xl border border-zinc-200 bg-zinc-50 p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <blockquote className="break-words font-serif text-lg leading-7 text-zinc-900 dark:text-zinc-100">
        <Link to={href} className="underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600">
          {label}
        </Link>
      </blockquote>
      {kind !== 'account' && <figcaption className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">by {author}</figcaption>}
    </figure>
  );
}

/** /report/:kind/:id (issue 47): what is reported, and the form (not for one's own, nor again while one's report is open); the reader's own reports a link away. */
export function ReportScreen({ userId, kind, id }: { userId: string; kind: ReportKind; id: number }) {
  const target = useQuery(reportTargetQueryOptions(userId, kind, id));
  const data = target.data;
  if (target.isError && isApiError(target.error) && target.error.status === 404) {
    return (
      <NotHere title="Not there any more" noindex>
        What you wanted to report is not there any more: it may have been deleted already.
      </NotHere>
    );
  }
  return (
    <section className="mx-auto w-full max-w-[640px] px-4 pb-16 pt-8 sm:px-6 sm:pt-12">
      <DocumentTitle title={reportTitle(kind)} noindex />
      <h1 className="font-serif text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-50">{reportTitle(kind)}</h1>
      <p className="mt-2 text-base text-zinc-600 dark:text-zinc-400">
        The moderators look at every report and decide by this server’s rules. What they decide shows on{' '}
        <Link to={paths.reports.getHref()} className="font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300">
          your reports
        </Link>
        .
      </p>
      {data?.target.own ? (
        <>
          <Reported {...data.target} />
          <p role="status" className="mt-6 text-[15px] text-zinc-700 dark:text-zinc-300">
            {REPORT_OWN}
          </p>
        </>
      ) : data?.reported ? (
        <>
          <Reported {...data.target} />
          <p role="status" className="mt-6 text-[15px] text-zinc-700 dark:text-zinc-300">
            {REPORTED_ALREADY}{' '}
            <Link to={`${paths.reports.getHref()}#report-${data.reported.id}`} className="font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300">
              See your report
            </Link>
          </p>
        </>
      ) : data ? (
        <>
          <Reported {...data.target} />
          <div className="mt-8">
            <ReportForm userId={userId} target={data.target} />
          </div>
        </>
      ) : target.isError ? (
        <LoadFailed what="What you are reporting" onRetry={() => void target.refetch()} />
      ) : (
        <div aria-busy="true" aria-label="Loading" className="mt-6 h-24 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-900" />
      )}
    </section>
  );
}
