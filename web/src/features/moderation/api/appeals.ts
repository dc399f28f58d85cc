import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppealResponse, AppealStatementResponse } from '@inkwell/contract';
import * as endpoints from '@inkwell/contract/calls';
import { api } from '../../../lib/api-client';

/** POST /api/user/appeal/statement {token}: the action an appeal link is about, and the appeal made. */
export async function appealStatement(token: string, signal?: AbortSignal): Promise<AppealStatementResponse> {
  return api(endpoints.appealStatement, { token }, { signal });
}

export const appealStatementQueryOptions = (token: string) => queryOptions({ queryKey: ['appeal', token], queryFn: ({ signal }) => appealStatement(token, signal), retry: false });

export function useAppealStatement(token: string) {
  return useQuery(appealStatementQueryOptions(token));
}

/** POST /api/user/appeal {token, text}: the appeal, once. */
export function useSendAppeal(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string): Promise<AppealResponse> => api(endpoints.appeal, { token, text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['appeal', token] }),
  });
}
