import { Link } from 'react-router';
import { paths } from '@inkwell/contract';
import type { CaseLine } from '@inkwell/contract/schemas';
import { About, Categories, Standing, Subject, When, quietLink } from './CaseParts';

/**
 * One case of the queue: its number (to the case), what it is about, the account, the reports and their
 * categories, why it was held, when it was opened (and decided, and how). An open case on the bulk form
 * has its checkbox (`ids`, the case's number).
 */
export function CaseRow({ line, selectable = false, selected = false }: { line: CaseLine; selectable?: boolean; selected?: boolean }) {
  return (
    <li className="flex gap-3 border-b border-zinc-200 py-4 dark:border-zinc-800">
      {selectable && (
        <label className="-m-2 flex shrink-0 cursor-pointer items-start p-2">
          <input type="checkbox" name="ids" value={line.id} defaultChecked={selected} className="mt-1 size-5 cursor-pointer accent-indigo-700 dark:accent-indigo-400" />
          <span className="sr-only">Select case {line.id}</span>
        </label>
      )}
      <div className="min-w-0 flex-1 space-y-1.5 text-sm text-zinc-700 dark:text-zinc-300">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 className="text-base font-semibold">
            <Link to={paths.modCase.getHref(line.id)} className={quietLink}>
              Case {line.id}
            </Link>
          </h2>
          <Standing line={line} />
          <span className="text-zinc-600 dark:text-zinc-400">
            Opened <When value={line.opened_at} />
            {line.resolved_at && (
              <>
                , decided <When value={line.resolved_at} />
              </>
            )}
          </span>
        </div>
        <p>
          <About line={line} />
        </p>
        <p className="flex flex-wrap gap-x-1">
          <span className="text-zinc-600 dark:text-zinc-400">Account:</span> <Subject subject={line.subject} />
        </p>
        <p>
          <Categories count={line.report_count} categories={line.categories} />
        </p>
        {line.held_for && <p className="font-medium text-amber-900 dark:text-amber-200">Held for review: {line.held_for}</p>}
      </div>
    </li>
  );
}
