import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REPORT_KINDS, type CaseDecisionName, type DecisionDuration, type ReportKind } from '@inkwell/contract';
import type { ModCasesResponse, ModResolveResponse } from '@inkwell/contract/schemas';
import * as endpoints from '@inkwell/contract/calls';
import { api } from '../../../lib/api-client';

/**
 * The moderation console's calls (issue 47, ADR 0105), for staff: the queue, one case, a decision on
 * one case or many. Everything of the console is under ['moderation', 'console']: a decision reads it
 * all again.
 */
export const consoleQueryKey = ['moderation', 'console'] as const;

/** At most how long a decision's note is (the contract's console words, without zod). */
export { DECISION_NOTE_MAX } from '@inkwell/contract';

export type CaseStatus = 'open' | 'resolved';

/** The queue's filter, as the console's address says it (`/mod?status=resolved&kind=comment`); anything else is the open queue of every kind. */
export interface CaseFilter {
  status: CaseStatus;
  kind?: ReportKind;
}

export function caseFilterOf(search: URLSearchParams): CaseFilter {
  const kind = search.get('kind') ?? '';
  return {
    status: search.get('status') === 'resolved' ? 'resolved' : 'open',
    ...((REPORT_KINDS as readonly string[]).includes(kind) ? { kind: kind as ReportKind } : {}),
  };
}

/** POST /api/mod/cases {status, kind?}?cursor: the queue, newest first, a page at a time. */
export const modCasesQueryOptions = (filter: CaseFilter) =>
  infiniteQueryOptions({
    queryKey: [...consoleQueryKey, 'cases', filter.status, filter.kind ?? 'all'] as const,
    queryFn: ({ pageParam, signal }): Promise<ModCasesResponse> =>
      api(
        endpoints.modCases,
        { status: filter.status, ...(filter.kind ? { kind: filter.kind } : {}) },
        { signal, ...(pageParam ? { url: `${endpoints.modCases.path}?cursor=${encodeURIComponent(pageParam)}` } : {}) },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ModCasesResponse) => last.next_cursor ?? undefined,
  });

export function useModCases(filter: CaseFilter) {
  return useInfiniteQuery(modCasesQueryOptions(filter));
}

/** POST /api/mod/case {id}: one case with its reports, the account's history and what may be decided. */
export const modCaseQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...consoleQueryKey, 'case', id] as const,
    queryFn: ({ signal }) => api(endpoints.modCase, { id }, { signal }),
  });

export function useModCase(id: number) {
  return useQuery(modCaseQueryOptions(id));
}

/** POST /api/mod/account {id}: one account, what is in force on it, its past and its server. */
export const modAccountQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...consoleQueryKey, 'account', id] as const,
    queryFn: ({ signal }) => api(endpoints.modAccount, { id }, { signal }),
  });

export function useModAccount(id: number) {
  return useQuery(modAccountQueryOptions(id));
}

/** A decision as the console's forms send it: fields left empty are left out. */
export interface Decision {
  ids: number[];
  decision: CaseDecisionName;
  for: DecisionDuration;
  ruleId: string;
  preset: string;
  note: string;
}

/** POST /api/mod/cases/resolve: one decision on the cases; decided or not, the console reads its cases again. */
export function useResolveCases() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision): Promise<ModResolveResponse> =>
      api(endpoints.modResolve, {
        ids: decision.ids,
        decision: decision.decision,
        ...(decision.for ? { for: decision.for } : {}),
        ...(decision.ruleId ? { rule_id: Number(decision.ruleId) } : {}),
        ...(decision.preset ? { preset: decision.preset } : {}),
        note: decision.note,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: consoleQueryKey }),
  });
}
