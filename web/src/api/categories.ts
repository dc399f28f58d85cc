import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** GET /api/user/categories: every category with its description. */
export async function getCategories(signal?: AbortSignal) {
  const data = await api(endpoints.categories, undefined, { signal });
  return data.categories;
}

export const categoriesQueryOptions = () => queryOptions({ queryKey: ['categories'], queryFn: ({ signal }) => getCategories(signal), staleTime: 5 * 60_000 });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
