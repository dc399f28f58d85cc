import { useState } from 'react';
import { paths } from '@inkwell/contract';
import { DocumentTitle } from '../../../../components/DocumentTitle';
import { LoadFailed } from '../../../../components/LoadFailed';
import { type AppealStatusFilter, useModAppeals } from '../../api/console-appeals';
import { AppealItem } from './AppealItem';
import { StaffOnly, isForbidden } from './CaseParts';
import { LoadMore, StatusTabs } from './ConsoleBits';
import { ConsoleNav } from './ConsoleNav';

/**
 * /mod/appeals (issue 47, ADR 0106): the appeals of the moderators' actions — those waiting, oldest
 * first, each answered in place; or those answered, newest first, with the answer. A member without
 * the right to answer appeals is told so, once.
 */
export function AppealsScreen({ status }: { status: AppealStatusFilter }) {
  const list = useModAppeals(status);
  const [answered, setAnswered] = useState<string | null>(null);
  const forbidden = isForbidden(list.error);
  const appeals = list.data?.pages.flatMap((page) => page.appeals) ?? [];
  const openCount = list.data?.pages[0]?.open_count;
  const tabs = [
    { value: 'open' as const, label: openCount === undefined ? 'Waiting' : `Waiting (${openCount})` },
    { value: 'answered' as const, label: 'Answered' },
  ];

  return (
    <section className="mx-auto w-full max-w-[960px] px-4 pb-16 pt-8 sm:px-6 sm:pt-12">
      <DocumentTitle title="Appeals" noindex />
      <ConsoleNav current="appeals" />
      <h1 className="mt-4 font-serif text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-50">Appeals</h1>
      <p className="mt-2 text-base text-zinc-600 dark:text-zinc-400">
        Members who think an action on them was wrong. Answer with your reasons: they read them in the app and by mail.
      </p>
      {forbidden ? (
        <StaffOnly />
      ) : (
        <>
          <StatusTabs
            label="Appeals by status"
            className="mt-6"
            tabs={tabs.map(({ value, label }) => ({ href: paths.modAppeals.getHref(value), label, current: status === value }))}
          />
          {answered && (
            <p
              role="status"
              className="mt-6 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-[15px] font-medium text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-100"
            >
              {answered}
            </p>
          )}
          {list.isPending ? (
            <div role="status" aria-busy="true" aria-label="Loading the appeals" className="mt-6 h-32 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-900" />
          ) : list.isError && appeals.length === 0 ? (
            <LoadFailed what="The appeals" onRetry={() => void list.refetch()} />
          ) : appeals.length === 0 ? (
            <p className="py-16 text-center font-serif text-lg text-zinc-600 dark:text-zinc-400">
              {status === 'open' ? 'No appeal is waiting.' : 'No appeal has been answered yet.'}
            </p>
          ) : (
            <>
              <ul aria-label={status === 'open' ? 'Appeals waiting' : 'Appeals answered'}>
                {appeals.map((appeal) => (
                  <AppealItem key={appeal.id} appeal={appeal} status={status} onAnswered={setAnswered} />
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
