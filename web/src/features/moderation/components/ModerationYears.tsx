import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { type CaseDecisionName, paths } from '@inkwell/contract';
import type { ModerationYear, PublicServerBlock } from '@inkwell/contract/schemas';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { ListPage } from '../../../components/ListPage';
import { LoadFailed } from '../../../components/LoadFailed';
import { useModerationYears } from '../api/rules';

/** The decisions as everybody reads them in the counts. */
const DECIDED: ReadonlyArray<[CaseDecisionName, string]> = [
  ['none', 'No rule broken'],
  ['note', 'Noted, nothing done'],
  ['warn', 'Warnings'],
  ['hide', 'Comments and replies hidden'],
  ['no-comments', 'Accounts stopped from commenting'],
  ['limit', 'Accounts limited'],
  ['suspend', 'Accounts suspended'],
];

const linkClass = 'font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300';

type Row = { label: string; value: (year: ModerationYear) => number; sub?: boolean };

const SECTIONS: ReadonlyArray<{ heading: string; rows: Row[] }> = [
  {
    heading: 'Reports',
    rows: [
      { label: 'Reports made', value: (y) => y.reports },
      { label: 'from other servers', value: (y) => y.from_servers, sub: true },
      { label: 'Writings held for review', value: (y) => y.held },
    ],
  },
  { heading: 'Decisions', rows: DECIDED.map(([decision, label]) => ({ label, value: (y: ModerationYear) => y.decisions[decision] ?? 0 })) },
  {
    heading: 'Appeals',
    rows: [
      { label: 'Appeals made', value: (y) => y.appeals.made },
      { label: 'upheld: the action lifted', value: (y) => y.appeals.upheld, sub: true },
      { label: 'changed', value: (y) => y.appeals.changed, sub: true },
      { label: 'turned down', value: (y) => y.appeals.turned_down, sub: true },
    ],
  },
];

const cell = 'px-3 py-2 text-right tabular-nums';

/** One table a section: its rows down, the years across (newest first), with the row and column headers a screen reader names each number by. */
function YearsTable({ heading, rows, years }: { heading: string; rows: Row[]; years: ModerationYear[] }): ReactNode {
  return (
    <div className="mt-8 overflow-x-auto">
      <table className="w-full border-collapse text-[15px] text-zinc-800 dark:text-zinc-200">
        <caption className="pb-2 text-left font-serif text-xl font-semibold text-zinc-900 dark:text-zinc-50">{heading}</caption>
        <thead>
          <tr className="border-b border-zinc-300 dark:border-zinc-700">
            <td />
            {years.map((y) => (
              <th key={y.year} scope="col" className={`${cell} font-semibold`}>
                {y.year}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-b border-zinc-200 dark:border-zinc-800">
              <th scope="row" className={`py-2 pr-3 text-left font-normal ${row.sub ? 'pl-4 text-zinc-600 dark:text-zinc-400' : ''}`}>
                {row.label}
              </th>
              {years.map((y) => (
                <td key={y.year} className={cell}>
                  {row.value(y).toLocaleString('en-GB')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What happens to a blocked server, in words: suspended (everything refused), limited, or its media or reports refused. */
function whatHappens(server: PublicServerBlock): string {
  if (server.severity === 'suspend') return 'Suspended: nothing is taken from it or sent to it';
  const refused = [server.reject_media && 'media', server.reject_reports && 'reports'].filter(Boolean).join(' and ');
  const limited = server.severity === 'silence' ? 'Limited: its accounts are out of feeds and search but for their followers' : '';
  if (!refused) return limited || 'Nothing refused';
  return limited ? `${limited}; its ${refused} refused` : `${refused.charAt(0).toUpperCase()}${refused.slice(1)} refused`;
}

/** The servers elsewhere this server refuses, wholly or in part (ADR 0108): each domain (partly hidden when the moderators chose so), what happens, and why. */
function BlockedServers({ servers }: { servers: PublicServerBlock[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="font-serif text-xl font-semibold text-zinc-900 dark:text-zinc-50">
        Servers we block
      </h2>
      <p className="mt-1 text-[15px] text-zinc-600 dark:text-zinc-400">
        Servers elsewhere on the fediverse that this server refuses, wholly or in part, with their subdomains. A name with stars is partly hidden.
      </p>
      {servers.length === 0 ? (
        <p className="py-6 text-[15px] text-zinc-600 dark:text-zinc-400">No server is blocked.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table aria-labelledby={headingId} className="w-full border-collapse text-left text-[15px] text-zinc-800 dark:text-zinc-200">
            <thead>
              <tr className="border-b border-zinc-300 dark:border-zinc-700">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Server
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  What happens
                </th>
                <th scope="col" className="py-2 pl-3 font-semibold">
                  Reason
                </th>
              </tr>
            </thead>
            <tbody>
              {servers.map((server) => (
                <tr key={server.domain} className="border-b border-zinc-200 align-top dark:border-zinc-800">
                  <th scope="row" className="break-all py-2 pr-3 font-medium">
                    {server.domain}
                  </th>
                  <td className="px-3 py-2">{whatHappens(server)}</td>
                  <td className="whitespace-pre-line break-words py-2 pl-3">{server.reason || <span className="text-zinc-600 italic dark:text-zinc-400">No reason given</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * /moderation (issue 47, ADR 0107): how the moderators acted, year by year, for everybody — reports,
 * writings held for review, decisions by kind, appeals and their answers. Counts only; then the servers
 * elsewhere it blocks, and why. Server-rendered.
 */
export function ModerationYears() {
  const counts = useModerationYears();
  const years = counts.data?.years ?? [];
  return (
    <ListPage title="Moderation on this server" intro="What was reported here and what the moderators did about it, year by year. Counts only: nobody is named.">
      <DocumentTitle title="Moderation" />
      {counts.isPending ? (
        <div aria-busy="true" aria-label="Loading the counts" className="mt-6 h-40 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-900" />
      ) : counts.isError ? (
        <LoadFailed what="The counts" onRetry={() => void counts.refetch()} />
      ) : years.length === 0 ? (
        <p className="py-10 text-center text-[15px] text-zinc-600 dark:text-zinc-400">Nothing has been reported here yet.</p>
      ) : (
        SECTIONS.map((section) => <YearsTable key={section.heading} heading={section.heading} rows={section.rows} years={years} />)
      )}
      {counts.data && <BlockedServers servers={counts.data.servers} />}
      <p className="mt-10 text-sm text-zinc-600 dark:text-zinc-400">
        The moderators decide under{' '}
        <Link to={paths.rules.getHref()} className={linkClass}>
          the rules of this server
        </Link>
        . A member can appeal any action on them from the message that told them of it.
      </p>
    </ListPage>
  );
}
