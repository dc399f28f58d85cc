import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

/** GET /api/user/categories: every category with its description. */
export async function getCategories(signal?: AbortSignal) {
  const data = await apiRequest('categories', { method: 'GET', schema: 'categoriesResponse', signal });
  return data.categories;
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: ({ signal }) => getCategories(signal), staleTime: 5 * 60_000 });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
