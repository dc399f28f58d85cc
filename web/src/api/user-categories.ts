import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/user-categories {user_id}: the viewer's chosen topics, [{category_id}]. */
export async function getUserCategories(userId: string, signal?: AbortSignal) {
  const data = await api(endpoints.userCategories, { user_id: Number(userId) }, { signal });
  return data.map((item) => item.category_id);
}

export const userCategoriesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['user-categories', userId],
    queryFn: ({ signal }) => getUserCategories(userId, signal),
    staleTime: 60_000,
  });

export function useUserCategories(userId: string | undefined) {
  return useQuery({ ...userCategoriesQueryOptions(userId ?? ''), enabled: Boolean(userId), retry: false });
}
