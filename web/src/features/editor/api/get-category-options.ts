import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/user/category: [{id, name}] for the post form's select (SPEC §7). */
export function getCategoryOptions(signal?: AbortSignal) {
  return apiRequest('category', { method: 'GET', schema: 'categoryOptionsResponse', signal });
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
