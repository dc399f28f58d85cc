import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import * as endpoints from '@inkwell/contract/calls';
import { api, isApiError } from '../../../lib/api-client';
import { useNotice } from '../../../components/NoticeProvider';
import { followListKey } from './follow-lists';

/**
 * After a follow of an account elsewhere: the member's following list (which now holds it), whether
 * the member follows that account (the ordinary follow state, keyed as post-actions'
 * isFollowingQueryOptions keys it), and the profiles (the member's following count counts it, as the
 * ordinary follow's hook refreshes them).
 */
function refreshAfterFollow(queryClient: QueryClient, userId: number, accountId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: followListKey('following', userId) }),
    queryClient.invalidateQueries({ queryKey: ['is-following', userId, accountId] }),
    queryClient.invalidateQueries({ queryKey: ['profile'] }),
  ]);
}

/**
 * POST /api/user/fediverse-accounts/lookup {user_id, account} finds the account by its handle or
 * address, then the ordinary POST /api/user/follow-unfollow {follow_id: its id, followType 1} follows it
 * (`pending` until its server says yes). The answer is said in a notice; a refusal of either call
 * (lookup's errors.account, follow's errors.follow_id, or a message) is the form's to show.
 */
export function useFollowElsewhere(userId: number) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: async (handle: string) => {
      const { account } = await api(endpoints.lookupAccount, { user_id: userId, account: handle });
      const answer = await api(endpoints.followUnfollow, { user_id: userId, follow_id: account.id, followType: 1 });
      return { answer, accountId: account.id };
    },
    onSuccess: ({ answer, accountId }) => {
      showNotice(answer.message, 'success_light');
      return refreshAfterFollow(queryClient, userId, accountId);
    },
  });
}

/** The first words of a refusal of useFollowElsewhere's calls, to show under the handle field. */
export function followElsewhereFailure(error: Error | null): string | undefined {
  if (!error) return undefined;
  return (isApiError(error) && (error.field('account') ?? error.field('follow_id') ?? error.message)) || 'Something went wrong. Please try again.';
}
