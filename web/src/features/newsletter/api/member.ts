import { type InfiniteData, infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewsletterFollowingResponse } from '@inkwell/contract';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/newsletter/member/status {user_id, writer_id}: whether the member's own address gets the writer's stories. */
export const memberEmailQueryOptions = (userId: string, writerId: number) =>
  queryOptions({
    queryKey: ['newsletter', 'member', userId, writerId],
    queryFn: ({ signal }) => api(endpoints.newsletterMemberStatus, { user_id: Number(userId), writer_id: writerId }, { signal }),
    staleTime: 60_000,
  });

export function useMemberEmail(userId: string | null, writerId: number, enabled = true) {
  return useQuery({ ...memberEmailQueryOptions(userId ?? '0', writerId), enabled: enabled && userId !== null && Number(userId) !== writerId });
}

/** POST /api/user/newsletter/following {user_id, cursor?}: the writers the member follows, each with its email tick. */
export const followedWritersQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ['newsletter', 'following', userId],
    queryFn: ({ pageParam, signal }) => api(endpoints.newsletterFollowing, { user_id: Number(userId), ...(pageParam === null ? {} : { cursor: pageParam }) }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: NewsletterFollowingResponse) => last.next_cursor ?? undefined,
  });

export function useFollowedWriters(userId: string) {
  return useInfiniteQuery(followedWritersQueryOptions(userId));
}

/** POST /api/user/newsletter/member {user_id, writer_id, subscribed, source}: the member's own address on or off a writer's list. */
export function useSetMemberEmail(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ writerId, subscribed, source }: { writerId: number; subscribed: boolean; source: 'follow' | 'settings' }) =>
      api(endpoints.newsletterMember, { user_id: Number(userId), writer_id: writerId, subscribed, source }),
    // Both places that show the tick take the answer at once: a refetch would show the old tick until it came back.
    onSuccess: (answer, { writerId }) => {
      queryClient.setQueryData(memberEmailQueryOptions(userId, writerId).queryKey, { email: answer.email });
      queryClient.setQueryData<InfiniteData<NewsletterFollowingResponse, string | null>>(followedWritersQueryOptions(userId).queryKey, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, writers: page.writers.map((w) => (w.id === writerId ? { ...w, email: answer.email } : w)) })) } : data,
      );
    },
  });
}
