import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../lib/api-client';
import { useNotice } from './NoticeProvider';
import * as endpoints from '@inkwell/contract/calls';

/**
 * Blocking a member or an account of another fediverse server (its row of users: a comment's
 * `elsewhere.account_id`, a followers list's id), shared by the places that offer it (a profile, the
 * author hover card, a comment's menu, one's own followers list, Settings' Blocked Users). The list of
 * whom the reader blocked is small and read once; a block or an unblock refreshes everything a reader
 * sees, since what the server leaves out changes.
 */
export const blockedUsersQueryOptions = (viewerId: string) =>
  queryOptions({
    queryKey: ['blocked', viewerId],
    queryFn: ({ signal }) => api(endpoints.blockedUsers, { user_id: Number(viewerId) }, { signal }),
    staleTime: 60_000,
  });

/** Whom the reader blocked, members and accounts elsewhere (`elsewhere` set), most recent first (empty for a visitor). */
export function useBlockedUsers(viewerId: string | null) {
  return useQuery({ ...blockedUsersQueryOptions(viewerId ?? '0'), enabled: viewerId !== null });
}

/** Whether the reader blocked `userId`. */
export function useIsBlocked(viewerId: string | null, userId: number): boolean {
  return useBlockedUsers(viewerId).data?.data.some((u) => u.id === userId) ?? false;
}

/** POST /api/user/block {user_id, block_id, status 1|0}: a member or an account elsewhere. */
export function useBlock(viewerId: string) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: ({ userId, block }: { userId: number; block: boolean }) => api(endpoints.block, { user_id: Number(viewerId), block_id: userId, status: block ? 1 : 0 }),
    onSuccess: (answer) => {
      showNotice(answer.message, 'success_light');
      for (const key of ['blocked', 'posts', 'profile', 'is-following', 'notifications', 'recommended-posts', 'recommended-users', 'search', 'follow-list']) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
    onError: (error) => showNotice((isApiError(error) && error.message) || 'That did not work. Please try again.', 'danger_light'),
  });
}
