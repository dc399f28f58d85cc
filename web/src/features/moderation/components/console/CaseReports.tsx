import { REPORT_CATEGORY_LABELS } from '@inkwell/contract';
import type { ModCaseResponse } from '@inkwell/contract/schemas';
import { Tag, When, h2Class, tallyWords } from './CaseParts';

type CaseReport = ModCaseResponse['reports'][number];

/** Who made a report: a member by name and address, or another server by its name, with how many of their reports were acted on. */
function Reporter({ report }: { report: CaseReport }) {
  if (report.reporter) {
    const { name, address } = report.reporter;
    return (
      <p>
        <span className="text-zinc-600 dark:text-zinc-400">Reported by </span>
        <span className="font-medium text-zinc-900 dark:text-zinc-100">{name?.trim() || 'No name'}</span>
        {address && <span className="break-all text-zinc-600 dark:text-zinc-400"> {address}</span>}
        <span className="text-zinc-600 dark:text-zinc-400"> · {tallyWords(report.reporter)}</span>
      </p>
    );
  }
  const tally = report.server_reports;
  return (
    <p className="text-zinc-600 dark:text-zinc-400">
      From <span className="break-all font-medium text-zinc-900 dark:text-zinc-100">{report.server ?? 'another server'}</span>
      {tally && <> · {tallyWords(tally)}</>}
    </p>
  );
}

/** A case's reports, oldest first: why, the reporter's note, when and who (staff see who reported; nobody else does). */
export function CaseReports({ reports }: { reports: ModCaseResponse['reports'] }) {
  const oldestFirst = [...reports].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.id - b.id);
  return (
    <section aria-labelledby="case-reports" className="mt-10">
      <h2 id="case-reports" className={h2Class}>
        Reports ({reports.length})
      </h2>
      {oldestFirst.length === 0 ? (
        <p className="mt-3 text-[15px] text-zinc-600 dark:text-zinc-400">No report: the case was opened by the server holding it for review.</p>
      ) : (
        <ol aria-label="Reports, oldest first" className="mt-3 divide-y divide-zinc-200 border-y border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {oldestFirst.map((report) => (
            <li key={report.id} className="space-y-1.5 py-4 text-sm text-zinc-700 dark:text-zinc-300">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Tag>{REPORT_CATEGORY_LABELS[report.category].label}</Tag>
                <span className="text-zinc-600 dark:text-zinc-400">
                  <When value={report.at} />
                </span>
                {report.status !== 'open' && <span className="text-zinc-600 dark:text-zinc-400">Closed</span>}
              </div>
              {report.note ? (
                <p className="whitespace-pre-line break-words text-[15px] text-zinc-900 dark:text-zinc-100">{report.note}</p>
              ) : (
                <p className="italic text-zinc-600 dark:text-zinc-400">No note.</p>
              )}
              <Reporter report={report} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
