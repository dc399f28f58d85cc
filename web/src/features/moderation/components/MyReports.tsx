import { Link, useSearchParams } from 'react-router';
import { type MyReport, REPORT_CATEGORY_LABELS, REPORT_RECEIVED, caseOutcome, paths } from '@inkwell/contract';
import { Button } from '../../../components/Button';
import { ListPage } from '../../../components/ListPage';
import { LoadFailed } from '../../../components/LoadFailed';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { PostDate } from '../../../components/PostDate';
import { useMyReports } from '../api/reports';

/** The outcome's words as a sentence of their own (the notification has them after a colon). */
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

const WHAT: Readonly<Record<MyReport['kind'], string>> = { post: 'A story', comment: 'A comment', reply: 'A reply', account: 'An account' };

/** Where a report stands, in words: with the moderators, or decided (and when). */
function Standing({ report }: { report: MyReport }) {
  if (report.status === 'open') {
    return <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">With the moderators</span>;
  }
  return (
    <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200">
      Decided
      {report.resolved_at && (
        <>
          {' '}
          on <PostDate value={report.resolved_at} />
        </>
      )}
    </span>
  );
}

function ReportRow({ report, fresh }: { report: MyReport; fresh: boolean }) {
  return (
    <li id={`report-${report.id}`} className={`border-b border-zinc-200 py-5 dark:border-zinc-800 ${fresh ? 'bg-indigo-50/60 dark:bg-indigo-950/30 -mx-3 px-3' : ''}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
        <span>
          {WHAT[report.kind]}, reported on <PostDate value={report.created_at} /> as{' '}
          <span className="font-medium text-zinc-800 dark:text-zinc-200">{REPORT_CATEGORY_LABELS[report.category].label.toLowerCase()}</span>
        </span>
        <Standing report={report} />
      </div>
      {report.target ? (
        <p className="mt-2 break-words font-serif text-lg leading-7 text-zinc-900 dark:text-zinc-100">
          <Link to={report.target.href} className="underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600">
            {report.target.label}
          </Link>
          {report.kind !== 'account' && <span className="font-sans text-sm text-zinc-600 dark:text-zinc-400"> by {report.target.author}</span>}
        </p>
      ) : (
        <p className="mt-2 text-[15px] italic text-zinc-600 dark:text-zinc-400">It is not there any more.</p>
      )}
      {report.note && <p className="mt-2 whitespace-pre-line break-words text-sm text-zinc-700 dark:text-zinc-300">Your note: {report.note}</p>}
      {report.decision && (
        <div className="mt-3 rounded-xl border border-zinc-200 bg-zinc-50 p-3 text-sm text-zinc-800 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-200">
          <p className="font-medium">{sentence(caseOutcome(report.decision, report.kind))}</p>
          {report.rule && (
            <p className="mt-1">
              Under the rule{' '}
              <Link to={paths.rules.getHref()} className="font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300">
                “{report.rule}”
              </Link>
            </p>
          )}
          {report.decision_note && <p className="mt-1 whitespace-pre-line break-words">The moderators’ note: {report.decision_note}</p>}
        </div>
      )}
    </li>
  );
}

/**
 * /reports (issue 47): the reader's reports, newest first, each with what it is about and where it
 * stands; after a report, its receipt on top (`?reported=ID`). Nobody else's report shows, nor who
 * else reported the same thing.
 */
export function MyReports({ userId }: { userId: string }) {
  const reports = useMyReports(userId);
  const [params] = useSearchParams();
  const reported = Number(params.get('reported') ?? '');
  const list = reports.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <ListPage title="Your reports" intro="What you reported to the moderators, and what they decided.">
      <DocumentTitle title="Your reports" noindex />
      {Number.isInteger(reported) && reported > 0 && (
        <p
          role="status"
          className="mt-4 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-[15px] text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-100"
        >
          {REPORT_RECEIVED}
        </p>
      )}
      {reports.isPending ? (
        <div aria-busy="true" aria-label="Loading your reports" className="mt-6 h-24 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-900" />
      ) : reports.isError && list.length === 0 ? (
        <LoadFailed what="Your reports" onRetry={() => void reports.refetch()} />
      ) : list.length === 0 ? (
        <p className="py-10 text-center text-[15px] text-zinc-600 dark:text-zinc-400">
          You have not reported anything. Report, beside a story, a comment or on a profile, sends it to the moderators.
        </p>
      ) : (
        <>
          <ul aria-label="Your reports">
            {list.map((report) => (
              <ReportRow key={report.id} report={report} fresh={report.id === reported} />
            ))}
          </ul>
          {reports.hasNextPage && (
            <div className="mt-6 text-center">
              <Button variant="secondary" busy={reports.isFetchingNextPage} onClick={() => void reports.fetchNextPage()}>
                Show older reports
              </Button>
            </div>
          )}
        </>
      )}
    </ListPage>
  );
}
