import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as endpoints from '@inkwell/contract/calls';
import { api, isApiError } from '../../../lib/api-client';
import { useNotice } from '../../../components/NoticeProvider';

/** POST /api/user/fediverse-following {user_id}: the accounts elsewhere the member follows, newest first. */
export const fediverseFollowingQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['fediverse-following', userId],
    queryFn: ({ signal }) => api(endpoints.fediverseFollowing, { user_id: userId }, { signal }),
    staleTime: 0,
  });

/** Read afresh while the list is open: a follow asked is accepted by the other server a moment later. */
export const useFediverseFollowing = (userId: number) =>
  useQuery({ ...fediverseFollowingQueryOptions(userId), refetchInterval: (query) => (query.state.data?.data.some((row) => row.state === 'pending') ? 3_000 : false) });

/** POST /api/user/fediverse-following/follow {user_id, account}: the answer said in a notice; a refusal is the form's to show. */
export function useFediverseFollow(userId: number) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: (account: string) => api(endpoints.fediverseFollow, { user_id: userId, account }),
    onSuccess: (answer) => {
      showNotice(answer.message, 'success_light');
      return queryClient.invalidateQueries({ queryKey: ['fediverse-following', userId] });
    },
  });
}

/** POST /api/user/fediverse-following/unfollow {user_id, account_id}. */
export function useFediverseUnfollow(userId: number) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: (accountId: number) => api(endpoints.fediverseUnfollow, { user_id: userId, account_id: accountId }),
    onSuccess: (answer) => {
      showNotice(answer.message, 'success_light');
      return queryClient.invalidateQueries({ queryKey: ['fediverse-following', userId] });
    },
    onError: (error) => showNotice((isApiError(error) && error.message) || 'That did not work. Please try again.', 'danger_light'),
  });
}
