import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/recommended-posts {user_id?}: Picks. */
export async function getRecommendedPosts(viewerId: string | undefined, signal?: AbortSignal) {
  const body = viewerId ? { user_id: Number(viewerId) } : {};
  return (await api(endpoints.recommendedPosts, body, { signal })).recommended_posts;
}

/** POST /api/user/recommended-users {id?}: Whom to follow. */
export async function getRecommendedUsers(viewerId: string | undefined, signal?: AbortSignal) {
  const body = viewerId ? { id: Number(viewerId) } : {};
  return (await api(endpoints.recommendedUsers, body, { signal })).recommended_users;
}

/** POST /api/user/recommended-categories {user_id?}: Recommended topics, the reader's own. */
export async function getRecommendedCategories(viewerId: string | undefined, signal?: AbortSignal) {
  const body = viewerId ? { user_id: Number(viewerId) } : {};
  return (await api(endpoints.recommendedCategories, body, { signal })).recommended_categories;
}

/** Under ['recommended-categories']: choosing a topic anywhere reads it again (choose-categories.ts). */
export const recommendedCategoriesQueryOptions = (viewerId: string | undefined) =>
  queryOptions({
    queryKey: ['recommended-categories', viewerId ?? 'visitor'],
    queryFn: ({ signal }) => getRecommendedCategories(viewerId, signal),
    staleTime: 5 * 60_000,
  });

export function useRecommendedCategories(viewerId: string | undefined) {
  return useQuery({ ...recommendedCategoriesQueryOptions(viewerId), retry: false });
}

export const recommendedPostsQueryOptions = (viewerId: string | undefined) =>
  queryOptions({
    queryKey: ['recommended-posts', viewerId ?? 'visitor'],
    queryFn: ({ signal }) => getRecommendedPosts(viewerId, signal),
    staleTime: 5 * 60_000,
  });

/** Not under ['profile']: someone just followed stays in the panel (as 'Unfollow') until the next visit. */
export const recommendedUsersQueryOptions = (viewerId: string | undefined) =>
  queryOptions({
    queryKey: ['recommended-users', viewerId ?? 'visitor'],
    queryFn: ({ signal }) => getRecommendedUsers(viewerId, signal),
    staleTime: 5 * 60_000,
  });

export function useRecommendedPosts(viewerId: string | undefined) {
  return useQuery({ ...recommendedPostsQueryOptions(viewerId), retry: false });
}

export function useRecommendedUsers(viewerId: string | undefined) {
  return useQuery({ ...recommendedUsersQueryOptions(viewerId), retry: false });
}
