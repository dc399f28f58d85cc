import { Link } from 'react-router';
import { CASE_DECISION_LABELS, paths } from '@inkwell/contract';
import type { ModCaseResponse } from '@inkwell/contract/schemas';
import { useModCase } from '../../api/console';
import { CaseDecisionForm } from './CaseDecisionForm';
import { CaseHistory } from './CaseHistory';
import { CaseReports } from './CaseReports';
import { CaseServer } from './CaseServer';
import { About, Standing, Subject, When, h2Class, quietLink } from './CaseParts';
import { ConsoleDetail } from './ConsoleDetail';

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
        {line.subject && (
          <Link to={paths.modAccount.getHref(line.subject.id)} className={`${quietLink} ml-2`}>
            The account in the console
          </Link>
        )}
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
  return (
    <ConsoleDetail title={`Case ${id}`} what="The case" query={query} missing={{ title: 'No such case', text: `There is no case ${id}.` }} wide>
      {(data) => <CaseBody data={data} />}
    </ConsoleDetail>
  );
}
