import { Link } from 'react-router';
import { paths } from '@inkwell/contract';
import type { AuditLineView } from '@inkwell/contract/schemas';
import { When, quietLink } from './CaseParts';
import { auditActionLabel, targetKindWords } from './AuditWords';

/** A value of the log as one line of JSON, shown as text (never as HTML); "nothing" when there is none. */
const jsonText = (value: unknown) => (value === null || value === undefined ? 'nothing' : (JSON.stringify(value) ?? 'nothing'));

const hasValue = (value: unknown) => value !== null && value !== undefined;

const codeClass = 'rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200';
const changeClass = 'mt-1 whitespace-pre-wrap break-all rounded-lg bg-zinc-50 p-2 font-mono text-xs text-zinc-800 dark:bg-zinc-900 dark:text-zinc-200';

/** What an entry changed: the value before and after, as JSON text, opened on demand. */
function WhatChanged({ before, after }: { before: unknown; after: unknown }) {
  if (!hasValue(before) && !hasValue(after)) return null;
  return (
    <details>
      <summary className="cursor-pointer text-sm font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300">
        What changed
      </summary>
      <dl className="mt-2 space-y-2">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">Before</dt>
          <dd className={changeClass}>{jsonText(before)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">After</dt>
          <dd className={changeClass}>{jsonText(after)}</dd>
        </div>
      </dl>
    </details>
  );
}

/**
 * One entry of the audit log: when (to the minute), who, what they did (in words where the console has
 * them, and the kind on file), on what, the case it was part of (a link), and what it changed.
 */
export function AuditEntry({ entry }: { entry: AuditLineView }) {
  const label = auditActionLabel(entry.action);
  return (
    <li className="space-y-1.5 border-b border-zinc-200 py-4 text-sm text-zinc-700 dark:border-zinc-800 dark:text-zinc-300">
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="font-semibold text-zinc-900 dark:text-zinc-100">{entry.actor.name.trim() || 'Someone unnamed'}</span>
        {label && <span className="text-zinc-900 dark:text-zinc-100">{label}</span>}
        <code className={codeClass}>{entry.action}</code>
      </p>
      <p className="break-words">
        <span className="text-zinc-600 dark:text-zinc-400">On </span>
        {targetKindWords(entry.target.kind)}
        {entry.target.label && <span className="text-zinc-900 dark:text-zinc-100"> “{entry.target.label}”</span>}
        {entry.case_id !== null && (
          <>
            <span className="text-zinc-600 dark:text-zinc-400"> · </span>
            <Link to={paths.modCase.getHref(entry.case_id)} className={quietLink}>
              Case {entry.case_id}
            </Link>
          </>
        )}
      </p>
      <p className="text-zinc-600 dark:text-zinc-400">
        <When value={entry.at} />
      </p>
      <WhatChanged before={entry.before} after={entry.after} />
    </li>
  );
}
