import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

/** POST /api/user/user-categories {user_id}: the viewer's chosen topics, [{category_id}]. */
export async function getUserCategories(userId: string, signal?: AbortSignal) {
  const data = await apiRequest('user-categories', { body: { user_id: Number(userId) }, schema: 'userCategoriesResponse', signal });
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
