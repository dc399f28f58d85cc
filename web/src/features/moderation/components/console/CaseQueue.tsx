import { useLocation } from 'react-router';
import { ACCOUNT_DECISIONS, CASE_DECISIONS } from '@inkwell/contract';
import { useQuery } from '@tanstack/react-query';
import { useOwnProfile } from '../../../../api/get-own-profile';
import { DocumentTitle } from '../../../../components/DocumentTitle';
import { LoadFailed } from '../../../../components/LoadFailed';
import { type CaseFilter, useModCases } from '../../api/console';
import { serverRulesQueryOptions } from '../../api/rules';
import { BulkDecision } from './BulkDecision';
import { StaffOnly, isForbidden } from './CaseParts';
import { CaseRow } from './CaseRow';
import { LoadMore } from './ConsoleBits';
import { ConsoleNav } from './ConsoleNav';
import { DecisionResult } from './DecisionResult';
import { QueueFilters } from './QueueFilters';

/** What a case's screen hands the queue when it sends the moderator back after a decision (the router's state). */
export interface DecidedState {
  decided: { message: string; refused: Array<{ id: number; message: string }> };
}

const isDecidedState = (state: unknown): state is DecidedState =>
  typeof state === 'object' && state !== null && typeof (state as Partial<DecidedState>).decided?.message === 'string' && Array.isArray((state as DecidedState).decided.refused);

/**
 * /mod (issue 47, ADR 0105): the moderators' queue — the open cases (or the decided ones; of one kind),
 * newest first, each with what it is about, whose, its reports and why it was held; the open ones
 * decided a page at a time with one form. A member without the role is told so, once.
 */
export function CaseQueue({ userId, filter }: { userId: string; filter: CaseFilter }) {
  const queue = useModCases(filter);
  const open = filter.status === 'open';
  const rules = useQuery({ ...serverRulesQueryOptions(), enabled: open });
  const profile = useOwnProfile(userId);
  const { state } = useLocation();
  const forbidden = isForbidden(queue.error);
  const cases = queue.data?.pages.flatMap((page) => page.cases) ?? [];
  const openCount = queue.data?.pages[0]?.open_count;
  // Acting on an account needs the right to (manageUsers): without it, only the decisions on the case itself.
  const permissions = profile.data?.staff?.permissions;
  const decisions = permissions && !permissions.includes('manageUsers') ? CASE_DECISIONS.filter((d) => !ACCOUNT_DECISIONS.includes(d)) : CASE_DECISIONS;

  const more = <LoadMore list={queue} />;

  return (
    <section className="mx-auto w-full max-w-[960px] px-4 pb-16 pt-8 sm:px-6 sm:pt-12">
      <DocumentTitle title="Moderation" noindex />
      <ConsoleNav current="cases" />
      <h1 className="mt-4 font-serif text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-50">Moderation</h1>
      <p className="mt-2 text-base text-zinc-600 dark:text-zinc-400">
        The cases the reports and the held posts make, newest first. Each decision is told to the account and to who reported it.
      </p>
      {forbidden ? (
        <StaffOnly />
      ) : (
        <>
          <QueueFilters filter={filter} openCount={openCount} />
          {isDecidedState(state) && <DecisionResult result={state.decided} className="mt-4" />}
          {queue.isPending ? (
            <div role="status" aria-busy="true" aria-label="Loading the cases" className="mt-6 h-32 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-900" />
          ) : queue.isError && cases.length === 0 ? (
            <LoadFailed what="The cases" onRetry={() => void queue.refetch()} />
          ) : cases.length === 0 ? (
            <p className="py-16 text-center font-serif text-lg text-zinc-600 dark:text-zinc-400">
              {open ? 'Nothing to decide. New reports come here.' : 'No case has been decided yet.'}
            </p>
          ) : open ? (
            <BulkDecision filter={filter} cases={cases} decisions={decisions} rules={rules.data?.rules ?? []} more={more} />
          ) : (
            <>
              <ul aria-label="Decided cases" className="mt-2 border-t border-zinc-200 dark:border-zinc-800">
                {cases.map((line) => (
                  <CaseRow key={line.id} line={line} />
                ))}
              </ul>
              {more}
            </>
          )}
        </>
      )}
    </section>
  );
}
