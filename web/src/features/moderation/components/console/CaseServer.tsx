import { Link } from 'react-router';
import { SERVER_SEVERITY_LABELS, paths } from '@inkwell/contract';
import type { ModCaseResponse } from '@inkwell/contract/schemas';
import { Tag, h2Class, quietLink, tallyWords } from './CaseParts';

type Server = NonNullable<ModCaseResponse['server']>;

/** The server's block here, in words: none, or its severity and what else it refuses (of a domain above it: which). */
function Block({ server }: { server: Server }) {
  const { block } = server;
  if (!block) return <Tag tone="emerald">Not blocked</Tag>;
  const refused = [block.reject_media && 'media refused', block.reject_reports && 'reports refused'].filter(Boolean).join(', ');
  return (
    <>
      <Tag tone={block.severity === 'noop' ? 'sky' : 'amber'}>{block.severity === 'noop' ? 'Not blocked' : `Blocked: ${SERVER_SEVERITY_LABELS[block.severity]}`}</Tag>
      {refused && <span>{refused.charAt(0).toUpperCase() + refused.slice(1)}</span>}
      {block.domain !== server.host.replace(/:\d+$/, '') && <span className="break-all text-zinc-600 dark:text-zinc-400">through the block of {block.domain}</span>}
    </>
  );
}

/**
 * How this server stands with the server of the account elsewhere a case is about (issue 47): its block
 * here, how many of its accounts are known, how the cases about them ended, how its own reports fared;
 * with links to the servers' screen and to the audit log of what was done to it.
 */
export function CaseServer({ server }: { server: Server }) {
  const { cases, reports } = server;
  return (
    <section aria-labelledby="case-server" className="mt-10">
      <h2 id="case-server" className={h2Class}>
        The account’s server
      </h2>
      <p className="mt-3 break-all text-[15px] font-medium text-zinc-900 dark:text-zinc-100">{server.host}</p>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-700 dark:text-zinc-300">
        <Block server={server} />
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-zinc-700 dark:text-zinc-300">
        <dt className="text-zinc-600 dark:text-zinc-400">Accounts known here</dt>
        <dd>{server.accounts}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Cases about them</dt>
        <dd>
          {cases.open} open, {cases.acted} acted on, {cases.dismissed} with nothing done
        </dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Its reports here</dt>
        <dd>{tallyWords(reports)}</dd>
      </dl>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={paths.modServers.getHref()} className={quietLink}>
          Servers
        </Link>
        <Link to={paths.modAudit.getHref({ server: server.host.replace(/:\d+$/, '') })} className={quietLink}>
          What was done to it
        </Link>
      </p>
    </section>
  );
}
