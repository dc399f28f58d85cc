import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** GET /api/user/rules: the server's rules, the same for everybody. */
export const serverRulesQueryOptions = () =>
  queryOptions({
    queryKey: ['moderation', 'rules'] as const,
    queryFn: ({ signal }) => api(endpoints.serverRules, undefined, { signal }),
  });

export function useServerRules() {
  return useQuery(serverRulesQueryOptions());
}

/** GET /api/user/moderation: the moderators' work year by year, the same for everybody. */
export const moderationYearsQueryOptions = () =>
  queryOptions({
    queryKey: ['moderation', 'years'] as const,
    queryFn: ({ signal }) => api(endpoints.moderationYears, undefined, { signal }),
  });

export function useModerationYears() {
  return useQuery(moderationYearsQueryOptions());
}
