import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModHelpAnswerResponse, ModHelpResponse } from '@inkwell/contract/schemas';
import * as endpoints from '@inkwell/contract/calls';
import { api } from '../../../lib/api-client';
import { consoleQueryKey } from './console';

/** The members' help requests in the console (issue 47, ADR 0110): open ones oldest first, or those answered, newest first. */
export type HelpStatusFilter = 'open' | 'answered';

/** The list the address asks for (`/mod/help?status=answered`); anything else is the open ones. */
export const helpStatusOf = (search: URLSearchParams): HelpStatusFilter => (search.get('status') === 'answered' ? 'answered' : 'open');

/** POST /api/mod/help {status}?cursor: a page of help requests. */
export const modHelpQueryOptions = (status: HelpStatusFilter) =>
  infiniteQueryOptions({
    queryKey: [...consoleQueryKey, 'help', status] as const,
    queryFn: ({ pageParam, signal }): Promise<ModHelpResponse> =>
      api(endpoints.modHelp, { status }, { signal, ...(pageParam ? { url: `${endpoints.modHelp.path}?cursor=${encodeURIComponent(pageParam)}` } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ModHelpResponse) => last.next_cursor ?? undefined,
  });

export function useModHelp(status: HelpStatusFilter) {
  return useInfiniteQuery(modHelpQueryOptions(status));
}

/** An answer as the form holds it (the same fields the plain form posts). */
export interface HelpAnswerInput {
  id: number;
  answer: string;
}

/** POST /api/mod/help/answer: answered, the console reads its help requests (and the audit log) again. */
export function useAnswerHelp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: HelpAnswerInput): Promise<ModHelpAnswerResponse> => api(endpoints.modHelpAnswer, { id: input.id, answer: input.answer }),
    onSuccess: () => client.invalidateQueries({ queryKey: consoleQueryKey }),
  });
}
