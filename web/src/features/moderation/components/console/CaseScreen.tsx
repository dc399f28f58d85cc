import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { CASE_DECISION_LABELS, paths } from '@inkwell/contract';
import type { ModCaseResponse } from '@inkwell/contract/schemas';
import { DocumentTitle } from '../../../../components/DocumentTitle';
import { LoadFailed } from '../../../../components/LoadFailed';
import { NotHere } from '../../../../components/NotHere';
import { isApiError } from '../../../../lib/api-client';
import { useModCase } from '../../api/console';
import { CaseDecisionForm } from './CaseDecisionForm';
import { CaseHistory } from './CaseHistory';
import { CaseReports } from './CaseReports';
import { CaseServer } from './CaseServer';
import { ConsoleNav } from './ConsoleNav';
import { About, Standing, StaffOnly, Subject, When, h2Class, isForbidden, quietLink } from './CaseParts';

const boxClass = 'rounded-xl border border-zinc-200 bg-zinc-50 p-4 text-[15px] text-zinc-800 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-200';

/** What the case is about (a link to it), its whole text as plain text, whose, and why it was held or forwarded. */
function Subjectmatter({ line }: { line: ModCaseResponse['case'] }) {
  return (
    <section aria-labelledby="case-about" className="mt-8">
      <h2 id="case-about" className={h2Class}>
        What it is about
      </h2>
      <p className="mt-3">
        <About line={line} linked />
      </p>
      {line.text && <blockquote className={`${boxClass} mt-3 whitespace-pre-line break-words leading-7`}>{line.text}</blockquote>}
      <p className="mt-3 flex flex-wrap gap-x-1 text-sm">
        <span className="text-zinc-600 dark:text-zinc-400">{line.target.kind === 'account' ? 'The account:' : 'Written by:'}</span> <Subject subject={line.subject} />
      </p>
      {line.held_for && <p className="mt-2 text-sm font-medium text-amber-900 dark:text-amber-200">Held for review: {line.held_for}</p>}
      {line.forwarded_at && (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          Sent to the account’s own server <When value={line.forwarded_at} />.
        </p>
      )}
    </section>
  );
}

/** How a decided case ended: the decision, the rule named and the note told. */
function Decided({ line }: { line: ModCaseResponse['case'] }) {
  return (
    <div className={`${boxClass} mt-4 space-y-1`}>
      <p>
        <span className="font-medium">Decision:</span> {line.decision ? CASE_DECISION_LABELS[line.decision] : 'None recorded'}
        {line.resolved_at && (
          <span className="text-zinc-600 dark:text-zinc-400">
            {' '}
            (<When value={line.resolved_at} />)
          </span>
        )}
      </p>
      <p>
        <span className="font-medium">Rule:</span> {line.rule ?? 'No rule named'}
      </p>
      {line.decision_note && (
        <p className="whitespace-pre-line break-words">
          <span className="font-medium">Note:</span> {line.decision_note}
        </p>
      )}
    </div>
  );
}

function CaseBody({ data }: { data: ModCaseResponse }) {
  const line = data.case;
  return (
    <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start lg:gap-10">
      <div className="min-w-0">
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
          <Standing line={line} />
          <span>
            Opened <When value={line.opened_at} />
          </span>
        </div>
        {line.status === 'resolved' && <Decided line={line} />}
        <Subjectmatter line={line} />
        <CaseReports reports={data.reports} />
        <CaseHistory history={data.history} hasAccount={line.subject !== null} />
        {data.server && <CaseServer server={data.server} />}
      </div>
      <section aria-labelledby="case-decide" className="mt-10 rounded-2xl border border-zinc-200 p-4 sm:p-6 lg:sticky lg:top-20 lg:mt-8 dark:border-zinc-800">
        <h2 id="case-decide" className={h2Class}>
          Decide
        </h2>
        {data.decisions.length > 0 ? (
          <div className="mt-4">
            <CaseDecisionForm data={data} />
          </div>
        ) : (
          <p className="mt-3 text-[15px] text-zinc-700 dark:text-zinc-300">
            {line.status === 'resolved' ? 'This case is decided already: there is nothing more to decide.' : 'There is no decision you may take on this case.'}
          </p>
        )}
      </section>
    </div>
  );
}

/** /mod/cases/:id (issue 47, ADR 0105): one case with its context — what, whose, the reports and reporters, the account's history — and its decision. */
export function CaseScreen({ id }: { id: number }) {
  const query = useModCase(id);
  if (query.isError && isApiError(query.error) && query.error.status === 404) {
    return (
      <NotHere title="No such case" noindex>
        There is no case {id}.
      </NotHere>
    );
  }
  return (
    <section className="mx-auto w-full max-w-[1120px] px-4 pb-16 pt-8 sm:px-6 sm:pt-12">
      <DocumentTitle title={`Case ${id}`} noindex />
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <p>
          <Link to={paths.mod.getHref()} className={`${quietLink} inline-flex items-center gap-1.5 text-sm`}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            The queue
          </Link>
        </p>
        <ConsoleNav current="cases" page={false} />
      </div>
      <h1 className="mt-3 font-serif text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-50">Case {id}</h1>
      {query.data ? (
        <CaseBody data={query.data} />
      ) : isForbidden(query.error) ? (
        <StaffOnly />
      ) : query.isError ? (
        <LoadFailed what="The case" onRetry={() => void query.refetch()} />
      ) : (
        <div role="status" aria-busy="true" aria-label="Loading the case" className="mt-6 h-40 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-900" />
      )}
    </section>
  );
}
