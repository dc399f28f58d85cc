import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppealAnswerName } from '@inkwell/contract';
import type { ModAppealAnswerResponse, ModAppealsResponse } from '@inkwell/contract/schemas';
import * as endpoints from '@inkwell/contract/calls';
import { api } from '../../../lib/api-client';
import { consoleQueryKey } from './console';

/** The appeals in the console (issue 47, ADR 0106): open ones first to last, or those answered, newest first. */
export type AppealStatusFilter = 'open' | 'answered';

/** The list the address asks for (`/mod/appeals?status=answered`); anything else is the open ones. */
export const appealStatusOf = (search: URLSearchParams): AppealStatusFilter => (search.get('status') === 'answered' ? 'answered' : 'open');

/** POST /api/mod/appeals {status}?cursor: a page of appeals. */
export const modAppealsQueryOptions = (status: AppealStatusFilter) =>
  infiniteQueryOptions({
    queryKey: [...consoleQueryKey, 'appeals', status] as const,
    queryFn: ({ pageParam, signal }): Promise<ModAppealsResponse> =>
      api(endpoints.modAppeals, { status }, { signal, ...(pageParam ? { url: `${endpoints.modAppeals.path}?cursor=${encodeURIComponent(pageParam)}` } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ModAppealsResponse) => last.next_cursor ?? undefined,
  });

export function useModAppeals(status: AppealStatusFilter) {
  return useInfiniteQuery(modAppealsQueryOptions(status));
}

/** An answer as the form holds it (the same fields the plain form posts). */
export interface AppealAnswerInput {
  id: number;
  answer: AppealAnswerName;
  /** A change's length from the action's start ('' when the answer is not a change). */
  for: string;
  reply: string;
}

/** POST /api/mod/appeals/answer: answered or not, the console reads its appeals (and the audit log) again. */
export function useAnswerAppeal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AppealAnswerInput): Promise<ModAppealAnswerResponse> =>
      api(endpoints.modAppealAnswer, { id: input.id, answer: input.answer, ...(input.answer === 'change' && input.for ? { for: input.for as '1d' } : {}), reply: input.reply }),
    onSuccess: () => client.invalidateQueries({ queryKey: consoleQueryKey }),
  });
}
