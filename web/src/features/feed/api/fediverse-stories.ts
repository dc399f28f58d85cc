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
