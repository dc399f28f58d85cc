import { useState } from 'react';
import { type FormEcho, paths } from '@inkwell/contract';
import type { HelpLine } from '@inkwell/contract/schemas';
import { DocumentTitle } from '../../../../components/DocumentTitle';
import { LoadFailed } from '../../../../components/LoadFailed';
import { useFormEcho } from '../../../../lib/form-echo';
import { type HelpStatusFilter, useModHelp } from '../../api/console-help';
import { StaffOnly, isForbidden } from './CaseParts';
import { LoadMore, StatusTabs } from './ConsoleBits';
import { ConsoleNav } from './ConsoleNav';
import { HelpItem } from './HelpItem';

/** What a refused plain form says when its request is not on the list (answered meanwhile, or further down): its error, else its message. */
const strayProblem = (echo: FormEcho | null, requests: HelpLine[] | null) =>
  echo && requests && !requests.some((request) => String(request.id) === echo.values.id) ? (echo.errors.id ?? echo.errors.answer ?? echo.message) : null;

/**
 * /mod/help (issue 47, ADR 0110): the members' help requests, for staff who manage users — those
 * waiting, oldest first, each answered in place; or those answered, newest first, with the answer and
 * who gave it. A member without the right is told so, once. A plain form refused before the app's
 * scripts ran comes back in its own request's form (read here once, as the list may come after).
 */
export function HelpScreen({ status }: { status: HelpStatusFilter }) {
  const list = useModHelp(status);
  const formEcho = useFormEcho();
  const [echo, setEcho] = useState<FormEcho | null>(() => (formEcho.path ? formEcho : null));
  const [answered, setAnswered] = useState<string | null>(null);
  const forbidden = isForbidden(list.error);
  const requests = list.data?.pages.flatMap((page) => page.requests) ?? [];
  const openCount = list.data?.pages[0]?.open_count;
  const stray = strayProblem(echo, list.data ? requests : null);
  const tabs = [
    { value: 'open' as const, label: openCount === undefined ? 'Waiting' : `Waiting (${openCount})` },
    { value: 'answered' as const, label: 'Answered' },
  ];

  const saidAnswered = (message: string) => {
    setAnswered(message);
    setEcho(null);
  };

  return (
    <section className="mx-auto w-full max-w-[960px] px-4 pb-16 pt-8 sm:px-6 sm:pt-12">
      <DocumentTitle title="Help requests" noindex />
      <ConsoleNav current="help" />
      <h1 className="mt-4 font-serif text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-50">Help requests</h1>
      <p className="mt-2 text-base text-zinc-600 dark:text-zinc-400">
        Members who asked the operators for help. Your answer reaches them under Help in their notifications, and by mail if they chose help mails.
      </p>
      {forbidden ? (
        <StaffOnly />
      ) : (
        <>
          <StatusTabs
            label="Help requests by status"
            className="mt-6"
            tabs={tabs.map(({ value, label }) => ({ href: paths.modHelp.getHref(value), label, current: status === value }))}
          />
          {answered && (
            <p
              role="status"
              className="mt-6 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-[15px] font-medium text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-100"
            >
              {answered}
            </p>
          )}
          {stray && (
            <p role="alert" className="mt-6 text-sm text-red-700 dark:text-red-400">
              {stray}
            </p>
          )}
          {list.isPending ? (
            <div role="status" aria-busy="true" aria-label="Loading the help requests" className="mt-6 h-32 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-900" />
          ) : list.isError && requests.length === 0 ? (
            <LoadFailed what="The help requests" onRetry={() => void list.refetch()} />
          ) : requests.length === 0 ? (
            <p className="py-16 text-center font-serif text-lg text-zinc-600 dark:text-zinc-400">
              {status === 'open' ? 'No help request is waiting.' : 'No help request has been answered yet.'}
            </p>
          ) : (
            <>
              <ul aria-label={status === 'open' ? 'Help requests waiting' : 'Help requests answered'}>
                {requests.map((request) => (
                  <HelpItem key={request.id} request={request} echo={echo && echo.values.id === String(request.id) ? echo : null} onAnswered={saidAnswered} />
                ))}
              </ul>
              <LoadMore list={list} />
            </>
          )}
        </>
      )}
    </section>
  );
}
