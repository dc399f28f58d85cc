import { Link } from 'react-router';
import { paths } from '@inkwell/contract';
import { useOwnProfile } from '../../../../api/get-own-profile';
import { useSession } from '../../../../lib/session';

const linkClass = (current: boolean) =>
  `-mb-px block border-b-2 px-1 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
    current
      ? 'border-zinc-900 font-semibold text-zinc-900 dark:border-zinc-100 dark:text-zinc-50'
      : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100'
  }`;

interface ConsoleNavProps {
  /** The console's part this screen is in: the cases (the queue, or a case), the appeals, the help requests, the servers elsewhere, or the audit log. */
  current: 'cases' | 'appeals' | 'help' | 'servers' | 'audit';
  /** The screen is that part's own page (the queue, the log), not a page within it (a case). */
  page?: boolean;
  className?: string;
}

/**
 * The console's parts, at the top of each of its screens: the cases, the appeals, the help requests, the servers and
 * the audit log (wrapping on a narrow screen). The one shown is marked (aria-current, and in weight and an underline,
 * not only in colour). The appeals, the help requests, the servers and the audit log are offered to who may answer,
 * manage and read them (the own profile's permissions, read as Settings does; the help requests with `manageUsers`);
 * on its own screen each is always there (the API refuses the others with 403 anyway).
 */
export function ConsoleNav({ current, page = true, className = '' }: ConsoleNavProps) {
  const session = useSession();
  const profile = useOwnProfile(session?.id);
  const permissions = profile.data?.staff?.permissions ?? [];
  const mayReadLog = current === 'audit' || permissions.includes('viewAuditLog');
  const mayAnswerAppeals = current === 'appeals' || permissions.includes('manageAppeals');
  const mayAnswerHelp = current === 'help' || permissions.includes('manageUsers');
  const mayManageServers = current === 'servers' || permissions.includes('manageFederation');
  const mark = (part: ConsoleNavProps['current']) => (current === part ? (page ? ('page' as const) : true) : undefined);
  return (
    <nav aria-label="Moderation console" className={className}>
      <ul className="flex flex-wrap gap-x-4">
        <li>
          <Link to={paths.mod.getHref()} aria-current={mark('cases')} className={linkClass(current === 'cases')}>
            Cases
          </Link>
        </li>
        {mayAnswerAppeals && (
          <li>
            <Link to={paths.modAppeals.getHref()} aria-current={mark('appeals')} className={linkClass(current === 'appeals')}>
              Appeals
            </Link>
          </li>
        )}
        {mayAnswerHelp && (
          <li>
            <Link to={paths.modHelp.getHref()} aria-current={mark('help')} className={linkClass(current === 'help')}>
              Help requests
            </Link>
          </li>
        )}
        {mayManageServers && (
          <li>
            <Link to={paths.modServers.getHref()} aria-current={mark('servers')} className={linkClass(current === 'servers')}>
              Servers
            </Link>
          </li>
        )}
        {mayReadLog && (
          <li>
            <Link to={paths.modAudit.getHref()} aria-current={mark('audit')} className={linkClass(current === 'audit')}>
              Audit log
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
