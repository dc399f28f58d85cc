import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** GET /api/user/category: [{id, name}] for the post form's select (SPEC §7). */
export function getCategoryOptions(signal?: AbortSignal) {
  return api(endpoints.categoryOptions, undefined, { signal });
}

export const categoryOptionsQuery = () =>
  queryOptions({
    queryKey: ['categories', 'options'],
    queryFn: ({ signal }) => getCategoryOptions(signal),
    staleTime: 10 * 60_000,
  });

export function useCategoryOptions() {
  return useQuery(categoryOptionsQuery());
}
