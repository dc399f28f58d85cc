import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { CASE_DECISION_LABELS, REPORT_CATEGORY_LABELS, REPORT_KIND_NOUNS, type ReportCategory, STAFF_ONLY } from '@inkwell/contract';
import type { CaseLine } from '@inkwell/contract/schemas';
import { isApiError } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/dates';
import { useHydrating } from '../../../../lib/use-hydrating';
import type { DecisionField } from './DecisionFields';

/* The small pieces the queue and a case share: times, the account, what a case is about, its reports' categories. */

const utc = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' });

/**
 * A moment, to the minute: in UTC on the server's page and while it hydrates (the server knows no time
 * zone), then in the moderator's own (as PostDate does for a day).
 */
export function When({ value }: { value: string }) {
  const hydrating = useHydrating();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return <time dateTime={value}>{hydrating ? `${utc.format(date).replace(' at ', ', ')} UTC` : formatDateTime(date)}</time>;
}

export const quietLink = 'font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300';

/** A word in a pill (the words carry the meaning; the colour only helps). */
export function Tag({ tone = 'zinc', children }: { tone?: 'zinc' | 'amber' | 'emerald' | 'sky'; children: ReactNode }) {
  const tones = {
    zinc: 'bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200',
    amber: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
    emerald: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
    sky: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200',
  } as const;
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** What a case is about: the kind, its title, first words or name (a link to it when `linked`), and whose; "gone" when it is no more. */
export function About({ line, linked = false }: { line: Pick<CaseLine, 'about' | 'target'>; linked?: boolean }) {
  const noun = REPORT_KIND_NOUNS[line.target.kind];
  if (!line.about) return <span className="italic text-zinc-600 dark:text-zinc-400">{capital(noun)} gone: it is not there any more.</span>;
  const { label, author, href, kind } = line.about;
  return (
    <span className="break-words">
      <span className="text-zinc-600 dark:text-zinc-400">{capital(noun)} </span>
      {linked ? (
        <Link to={href} className={`${quietLink} font-serif text-lg`}>
          {label}
        </Link>
      ) : (
        <span className="font-serif text-lg text-zinc-900 dark:text-zinc-100">“{label}”</span>
      )}
      {kind !== 'account' && <span className="text-zinc-600 dark:text-zinc-400"> by {author}</span>}
    </span>
  );
}

/** The account a case concerns: a member by name and address, an account elsewhere by its handle, said in words. */
export function Subject({ subject }: { subject: CaseLine['subject'] }) {
  if (!subject) return <span className="italic text-zinc-600 dark:text-zinc-400">No account (it is gone)</span>;
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      <span className="font-medium text-zinc-900 dark:text-zinc-100">{subject.name?.trim() || 'No name'}</span>
      {subject.address && <span className="break-all text-zinc-600 dark:text-zinc-400">{subject.address}</span>}
      {subject.elsewhere && <Tag tone="sky">Account elsewhere</Tag>}
    </span>
  );
}

/** "3 reports: Spam 2, Harassment or hate 1". */
export function Categories({ count, categories }: { count: number; categories: CaseLine['categories'] }) {
  const parts = (Object.entries(categories) as Array<[ReportCategory, number]>).filter(([, n]) => n > 0).map(([c, n]) => `${REPORT_CATEGORY_LABELS[c].label} ${n}`);
  if (count === 0) return <span>No reports</span>;
  return (
    <span>
      {count} {count === 1 ? 'report' : 'reports'}
      {parts.length > 0 && `: ${parts.join(', ')}`}
    </span>
  );
}

/** Open, or decided and how. */
export function Standing({ line }: { line: Pick<CaseLine, 'status' | 'decision'> }) {
  if (line.status === 'open') return <Tag tone="amber">Open</Tag>;
  return <Tag tone="emerald">Decided{line.decision ? `: ${CASE_DECISION_LABELS[line.decision]}` : ''}</Tag>;
}

/** A member without the moderators' role (403): said calmly, once, in place of the console. */
export function StaffOnly() {
  return (
    <div
      role="alert"
      className="mt-6 flex items-start gap-3 rounded-xl border border-zinc-200 bg-zinc-50 p-4 text-[15px] text-zinc-800 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-200"
    >
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-zinc-500" />
      <p>{STAFF_ONLY}</p>
    </div>
  );
}

export const isForbidden = (error: unknown) => isApiError(error) && error.status === 403;

/** The fields' errors of a refused decision (the API's first message of each). */
export function fieldErrorsOf(error: unknown): Partial<Record<DecisionField | 'ids', string>> {
  if (!isApiError(error)) return {};
  const errors: Partial<Record<DecisionField | 'ids', string>> = {};
  for (const name of ['ids', 'decision', 'for', 'rule_id', 'preset', 'note'] as const) {
    // An item's message comes under its place in the list too ('ids.0').
    const message = error.field(name) ?? Object.entries(error.errors).find(([key]) => key.startsWith(`${name}.`))?.[1][0];
    if (message) errors[name] = message;
  }
  return errors;
}

/** A reporter's tally in words: "5 reports, 3 acted on". */
export const tallyWords = ({ reports, upheld }: { reports: number; upheld: number }) => `${reports} ${reports === 1 ? 'report' : 'reports'}, ${upheld} acted on`;

export const h2Class = 'font-serif text-xl font-semibold text-zinc-900 dark:text-zinc-50';
