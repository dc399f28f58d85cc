import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../lib/api-client';
import { useNotice } from '../components/NoticeProvider';
import * as endpoints from '@inkwell/contract/calls';

/**
 * A writer's bans from commenting on their stories (issue 47, ADR 0116), shared by the story's page
 * (a Ban beside each comment of someone else) and Settings (the list, each with its lift).
 */
export const commentBansQueryOptions = (writerId: string) =>
  queryOptions({
    queryKey: ['comment-bans', writerId],
    queryFn: ({ signal }) => api(endpoints.commentBans, { user_id: Number(writerId) }, { signal }),
    staleTime: 60_000,
  });

/** Whom the writer banned, most recent first; asked only when `enabled` (not while a page is served or hydrated). */
export function useCommentBans(writerId: string, enabled = true) {
  return useQuery({ ...commentBansQueryOptions(writerId), enabled });
}

/** POST /api/user/comment-bans/set {user_id, reader_id, banned 1|0}: the list and the story's page are read again. */
export function useSetCommentBan(writerId: string) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: ({ readerId, banned }: { readerId: number; banned: boolean }) =>
      api(endpoints.commentBanSet, { user_id: Number(writerId), reader_id: readerId, banned: banned ? 1 : 0 }),
    onSuccess: (answer) => {
      showNotice(answer.message, 'success_light');
      void queryClient.invalidateQueries({ queryKey: ['comment-bans', writerId] });
    },
    onError: (error) => showNotice((isApiError(error) && error.message) || 'That could not be changed. Try again.', 'danger_light'),
  });
}
