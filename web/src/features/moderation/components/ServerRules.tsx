import { Link } from 'react-router';
import { paths } from '@inkwell/contract';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { ListPage } from '../../../components/ListPage';
import { LoadFailed } from '../../../components/LoadFailed';
import { useServerRules } from '../api/rules';

/**
 * /rules (issue 47): the server's rules, numbered, for everybody — what the moderators decide under and
 * what their statements name. Server-rendered, readable before the app runs.
 */
export function ServerRules() {
  const rules = useServerRules();
  const list = rules.data?.rules ?? [];
  return (
    <ListPage title="Rules of this server" intro="What everybody who writes here agrees to. The moderators decide reports under these rules, and say which one was broken.">
      <DocumentTitle title="Rules" />
      {rules.isPending ? (
        <div aria-busy="true" aria-label="Loading the rules" className="mt-6 h-24 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-900" />
      ) : rules.isError ? (
        <LoadFailed what="The rules" onRetry={() => void rules.refetch()} />
      ) : list.length === 0 ? (
        <p className="py-10 text-center text-[15px] text-zinc-600 dark:text-zinc-400">This server has not written its rules yet. Be kind, and report what is not.</p>
      ) : (
        <ol aria-label="Rules" className="mt-6 space-y-5">
          {list.map((rule) => (
            <li key={rule.id} id={`rule-${rule.number}`} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-50 font-semibold text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200"
              >
                {rule.number}
              </span>
              <div className="min-w-0">
                <h2 className="font-serif text-lg font-semibold leading-7 text-zinc-900 dark:text-zinc-50">{rule.title}</h2>
                {rule.body && <p className="mt-1 whitespace-pre-line break-words text-[15px] leading-6 text-zinc-700 dark:text-zinc-300">{rule.body}</p>}
              </div>
            </li>
          ))}
        </ol>
      )}
      <p className="mt-10 text-sm text-zinc-600 dark:text-zinc-400">
        Something breaks a rule? Use Report beside it. You can follow what the moderators decided in{' '}
        <Link to={paths.reports.getHref()} className="font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300">
          your reports
        </Link>
        , and how the moderators acted year by year in{' '}
        <Link to={paths.moderation.getHref()} className="font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300">
          their counts
        </Link>
        .
      </p>
    </ListPage>
  );
}
