import { Link } from 'react-router';
import { type AppealStatus, paths } from '@inkwell/contract';
import type { AppealLine } from '@inkwell/contract/schemas';
import type { AppealStatusFilter } from '../../api/console-appeals';
import { AppealAnswerForm } from './AppealAnswerForm';
import { Tag, When, quietLink } from './CaseParts';

/** What an action did, as staff say it before what it was done to. */
const ACTION_NAMES: Readonly<Record<AppealLine['action']['kind'], string>> = { suspend: 'Suspended', hide: 'Hidden', 'no-comments': 'Comments stopped', limit: 'Limited' };

/** Where an appeal stands, in words (the colour only helps). */
function Status({ status }: { status: AppealStatus }) {
  if (status === 'open') return <Tag tone="amber">Waiting for an answer</Tag>;
  if (status === 'approved') return <Tag tone="emerald">Upheld</Tag>;
  if (status === 'changed') return <Tag tone="sky">Changed</Tag>;
  return <Tag>Turned down</Tag>;
}

/** How long the action lasts, or when it ended. */
function Lasting({ action }: { action: AppealLine['action'] }) {
  if (action.lifted_at) {
    return (
      <>
        ended <When value={action.lifted_at} />
      </>
    );
  }
  if (!action.ends_at) return <>until lifted</>;
  return (
    <>
      until <When value={action.ends_at} />
    </>
  );
}

/**
 * One appeal: the action it is about (what, who took it, since and until when, its reasons, its case),
 * the appellant and their words (plain text), then the answer given, or the form to answer it, or why
 * this moderator may not.
 */
export function AppealItem({ appeal, status, onAnswered }: { appeal: AppealLine; status: AppealStatusFilter; onAnswered: (message: string) => void }) {
  const { action } = appeal;
  return (
    <li className="border-b border-zinc-200 py-6 dark:border-zinc-800">
      <article aria-labelledby={`appeal-${appeal.id}`} className="space-y-3 text-sm text-zinc-700 dark:text-zinc-300">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id={`appeal-${appeal.id}`} className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
            Appeal {appeal.id}
          </h2>
          <Status status={appeal.status} />
          <span className="text-zinc-600 dark:text-zinc-400">
            Made <When value={appeal.created_at} />
          </span>
        </div>
        <p className="break-words">
          <span className="font-medium text-zinc-900 dark:text-zinc-100">{ACTION_NAMES[action.kind]}:</span> {action.what}, by {action.taken_by}, since{' '}
          <When value={action.starts_at} />, <Lasting action={action} />
          {action.case_id !== null && (
            <>
              {' · '}
              <Link to={paths.modCase.getHref(action.case_id)} className={quietLink}>
                Case {action.case_id}
              </Link>
            </>
          )}
        </p>
        {action.reason && (
          <div>
            <p className="text-zinc-600 dark:text-zinc-400">The reasons they were given:</p>
            <p className="mt-1 whitespace-pre-line break-words border-l-2 border-zinc-300 pl-3 dark:border-zinc-700">{action.reason}</p>
          </div>
        )}
        <div>
          <p className="text-zinc-600 dark:text-zinc-400">
            <span className="font-medium text-zinc-900 dark:text-zinc-100">{appeal.appellant.name?.trim() || 'No name'}</span>
            {appeal.appellant.address && <span className="break-all"> {appeal.appellant.address}</span>} wrote:
          </p>
          <p className="mt-1 whitespace-pre-line break-words font-serif text-base text-zinc-900 dark:text-zinc-100">{appeal.text}</p>
        </div>
        {appeal.status !== 'open' && appeal.decided_at && (
          <div>
            <p className="text-zinc-600 dark:text-zinc-400">
              Answered by {appeal.decided_by ?? 'command line'}, <When value={appeal.decided_at} />:
            </p>
            {appeal.reply && <p className="mt-1 whitespace-pre-line break-words">{appeal.reply}</p>}
          </div>
        )}
        {appeal.may_answer ? (
          <AppealAnswerForm appealId={appeal.id} status={status} onAnswered={onAnswered} />
        ) : (
          appeal.status === 'open' && appeal.why_not && <p className="rounded-xl bg-zinc-50 p-3 text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">{appeal.why_not}</p>
        )}
      </article>
    </li>
  );
}
