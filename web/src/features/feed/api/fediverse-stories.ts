import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import * as endpoints from '@inkwell/contract/calls';
import { api, isApiError } from '../../../lib/api-client';
import { useNotice } from '../../../components/NoticeProvider';
import { fediverseStoriesQueryOptions } from './fediverse-stories-query';

export const useFediverseStories = (viewerId: string) => useInfiniteQuery(fediverseStoriesQueryOptions(viewerId));

/** POST /api/user/fediverse-following/stories/like {user_id, story_id, status}: the list is read again; a failure said in a notice. */
export function useFediverseStoryLike(viewerId: string) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: ({ storyId, like }: { storyId: number; like: boolean }) =>
      api(endpoints.fediverseStoryLike, { user_id: Number(viewerId), story_id: storyId, status: like ? 1 : 0 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['fediverse-stories', viewerId] }),
    onError: (error) => showNotice((isApiError(error) && error.message) || 'That did not work. Please try again.', 'danger_light'),
  });
}

/** POST /api/user/fediverse-following/stories/reply {user_id, story_id, reply}: sent; the list is read again (a refusal is the box's to show). */
export function useFediverseStoryReply(viewerId: string) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: ({ storyId, reply }: { storyId: number; reply: string }) => api(endpoints.fediverseStoryReply, { user_id: Number(viewerId), story_id: storyId, reply }),
    onSuccess: (answer) => {
      showNotice(answer.message, 'success_light');
      return queryClient.invalidateQueries({ queryKey: ['fediverse-stories', viewerId] });
    },
  });
}

/** POST /api/user/fediverse-following/stories/reply/delete {user_id, reply_id}: taken back; the list is read again. */
export function useDeleteFediverseStoryReply(viewerId: string) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: (replyId: number) => api(endpoints.fediverseStoryReplyDelete, { user_id: Number(viewerId), reply_id: replyId }),
    onSuccess: (answer) => {
      showNotice(answer.message, 'success_light');
      return queryClient.invalidateQueries({ queryKey: ['fediverse-stories', viewerId] });
    },
    onError: (error) => showNotice((isApiError(error) && error.message) || 'The reply could not be deleted.', 'danger_light'),
  });
}
