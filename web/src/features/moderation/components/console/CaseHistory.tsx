import { Link } from 'react-router';
import { CASE_DECISION_LABELS, REPORT_KIND_NOUNS, paths } from '@inkwell/contract';
import type { ModCaseResponse } from '@inkwell/contract/schemas';
import { When, h2Class, quietLink } from './CaseParts';

/** What an earlier action was, in words (an action the console does not name yet: its own name). */
const ACTION_WORDS: Readonly<Record<string, string>> = {
  suspend: 'Suspended',
  hide: 'Hidden',
  'no-comments': 'Comments stopped',
  warn: 'Warned',
  note: 'Note kept',
  limit: 'Limited',
};
const actionWords = (kind: string) => ACTION_WORDS[kind] ?? `${kind.charAt(0).toUpperCase()}${kind.slice(1)}`;

/** An action in words: what, why, from when to when (or until lifted), and when it was lifted. */
export function ActionLines({ action }: { action: ModCaseResponse['history']['actions'][number] }) {
  return (
    <>
      <p className="font-medium text-zinc-900 dark:text-zinc-100">{actionWords(action.kind)}</p>
      {action.reason && <p className="whitespace-pre-line break-words">{action.reason}</p>}
      <p className="text-zinc-600 dark:text-zinc-400">
        From <When value={action.starts_at} />
        {action.ends_at ? (
          <>
            {' '}
            to <When value={action.ends_at} />
          </>
        ) : (
          ' until lifted'
        )}
        {action.lifted_at && (
          <>
            ; lifted <When value={action.lifted_at} />
          </>
        )}
      </p>
    </>
  );
}

const h3Class = 'text-base font-semibold text-zinc-900 dark:text-zinc-100';
const listClass = 'mt-2 divide-y divide-zinc-200 border-y border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800';

/** The account's earlier actions (what, why, from when to when, lifted) and earlier cases (each linked, and how it ended), newest first. */
export function CaseHistory({ history, hasAccount }: { history: ModCaseResponse['history']; hasAccount: boolean }) {
  return (
    <section aria-labelledby="case-history" className="mt-10">
      <h2 id="case-history" className={h2Class}>
        The account’s history
      </h2>
      {!hasAccount ? (
        <p className="mt-3 text-[15px] text-zinc-600 dark:text-zinc-400">There is no account to look back on.</p>
      ) : (
        <>
          <h3 className={`${h3Class} mt-4`}>Earlier actions</h3>
          {history.actions.length === 0 ? (
            <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">None.</p>
          ) : (
            <ul aria-label="Earlier actions" className={listClass}>
              {history.actions.map((action) => (
                <li key={action.id} className="space-y-1 py-3 text-sm text-zinc-700 dark:text-zinc-300">
                  <ActionLines action={action} />
                </li>
              ))}
            </ul>
          )}
          <h3 className={`${h3Class} mt-6`}>Earlier cases</h3>
          {history.cases.length === 0 ? (
            <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">None.</p>
          ) : (
            <ul aria-label="Earlier cases" className={listClass}>
              {history.cases.map((past) => (
                <li key={past.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-3 text-sm text-zinc-700 dark:text-zinc-300">
                  <Link to={paths.modCase.getHref(past.id)} className={quietLink}>
                    Case {past.id}
                  </Link>
                  <span>
                    About {past.target_kind === 'account' ? 'an' : 'a'} {REPORT_KIND_NOUNS[past.target_kind]}
                  </span>
                  <span className="text-zinc-600 dark:text-zinc-400">
                    opened <When value={past.opened_at} />
                  </span>
                  <span className="font-medium">{past.status === 'open' ? 'Open' : past.decision ? `Decided: ${CASE_DECISION_LABELS[past.decision]}` : 'Decided'}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
