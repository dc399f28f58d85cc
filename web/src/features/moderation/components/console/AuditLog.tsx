import { Download } from 'lucide-react';
import { DocumentTitle } from '../../../../components/DocumentTitle';
import { LoadFailed } from '../../../../components/LoadFailed';
import { isApiError } from '../../../../lib/api-client';
import { AUDIT_FILTER_FIELDS, type AuditFilter, type AuditFilterField, auditCsvHref, auditQueryOf, useModAudit } from '../../api/audit';
import { AuditEntry } from './AuditEntry';
import { AuditFilters } from './AuditFilters';
import { StaffOnly, isForbidden, quietLink } from './CaseParts';
import { LoadMore } from './ConsoleBits';
import { ConsoleNav } from './ConsoleNav';

/** A filter the API refused (422): its message, and its first words for each field of the form. */
function refusalOf(error: unknown) {
  if (!isApiError(error) || error.status !== 422) return null;
  const errors: Partial<Record<AuditFilterField, string>> = {};
  for (const field of AUDIT_FILTER_FIELDS) {
    const message = error.field(field);
    if (message) errors[field] = message;
  }
  const first = Object.values(errors)[0];
  return { message: error.message || first || 'These filters cannot be used.', errors };
}

/**
 * /mod/audit (issue 47, ADR 0105): the audit log for staff who may read it — everything staff and the
 * command line did, newest first, a page at a time: filtered with a plain GET form, exported as CSV
 * with a plain link (the same query). A member without the permission is told so, once.
 */
export function AuditLog({ filter }: { filter: AuditFilter }) {
  const log = useModAudit(filter);
  const forbidden = isForbidden(log.error);
  const refused = refusalOf(log.error);
  const first = log.data?.pages[0];
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const query = auditQueryOf(filter);

  return (
    <section className="mx-auto w-full max-w-[960px] px-4 pb-16 pt-8 sm:px-6 sm:pt-12">
      <DocumentTitle title="Audit log" noindex />
      <ConsoleNav current="audit" />
      <h1 className="mt-4 font-serif text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-50">Audit log</h1>
      <p className="mt-2 text-base text-zinc-600 dark:text-zinc-400">Everything staff and the command line did, newest first. Nothing here can be changed or removed.</p>
      {forbidden ? (
        <StaffOnly />
      ) : (
        <>
          <AuditFilters key={query} filter={filter} actions={first?.actions ?? []} actors={first?.actors ?? []} problem={refused} />
          <p className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            {/* A plain link: the browser downloads the file itself, with the session's cookies. */}
            <a href={auditCsvHref(filter)} className={`${quietLink} inline-flex items-center gap-1.5`}>
              <Download aria-hidden="true" className="size-4" />
              Export as CSV
            </a>
            <span className="text-zinc-600 dark:text-zinc-400">The rows that match, newest first, at most 10 000.</span>
          </p>
          {log.isPending ? (
            <div role="status" aria-busy="true" aria-label="Loading the audit log" className="mt-6 h-32 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-900" />
          ) : refused && entries.length === 0 ? null : log.isError && entries.length === 0 ? (
            <LoadFailed what="The audit log" onRetry={() => void log.refetch()} />
          ) : entries.length === 0 ? (
            <p className="py-16 text-center font-serif text-lg text-zinc-600 dark:text-zinc-400">Nothing matches these filters.</p>
          ) : (
            <>
              <ul aria-label="Audit log entries" className="mt-4 border-t border-zinc-200 dark:border-zinc-800">
                {entries.map((entry) => (
                  <AuditEntry key={entry.id} entry={entry} />
                ))}
              </ul>
              <LoadMore list={log} />
            </>
          )}
        </>
      )}
    </section>
  );
}
