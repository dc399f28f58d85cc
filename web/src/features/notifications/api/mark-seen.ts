import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationsSeenResponse } from '@inkwell/contract';
import { api } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-notifications';
import { markSeen } from './notifications-cache';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/notifications/seen {user_id, ids} (at most SEEN_IDS_MAX): marks those of the caller's notifications as seen. */
export async function postSeen(userId: string, ids: readonly number[]): Promise<NotificationsSeenResponse> {
  return api(endpoints.notificationsSeen, { user_id: Number(userId), ids: [...ids] });
}

/** Marks ids as seen, then the cache follows the server: those items seen, its unseen_count (the top bar's dot). */
export function useMarkSeen(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => postSeen(userId, ids),
    // A list asked for before this call would bring the items back unseen: it is dropped, and asked
    // for again once the server has marked them.
    onMutate: async () => {
      const key = notificationsQueryKey(userId);
      const refetch = queryClient.isFetching({ queryKey: key, exact: true }) > 0;
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      return { refetch };
    },
    onSuccess: (data, ids) => markSeen(queryClient, userId, ids, data.unseen_count),
    onSettled: (_data, _error, _ids, context) => {
      if (context?.refetch) void queryClient.invalidateQueries({ queryKey: notificationsQueryKey(userId), exact: true });
    },
  });
}
