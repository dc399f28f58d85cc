import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FeedTuning, TuningKind } from '@inkwell/contract';
import { api, isApiError } from '../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';
import { useNotice } from '../components/NoticeProvider';
import { feedTuningQueryOptions } from './feed-tuning';
import { forYouPostsQueryOptions } from './view-posts';

export interface SetFeedTuningVariables {
  kind: TuningKind;
  /** A topic (more, less) or an author (mute). */
  targetId: number;
  on: boolean;
}

/** POST /api/user/feed-tuning/set {user_id, kind, target_id, on}: More like this, Less like this, Mute, or their undoing. */
export function setFeedTuning(userId: string, { kind, targetId, on }: SetFeedTuningVariables) {
  return api(endpoints.feedTuningSet, { user_id: Number(userId), kind, target_id: targetId, on: on ? 1 : 0 });
}

/** After a change For you starts again from page 1, and the tuned list shows the server's answer. */
export function afterTuning(queryClient: QueryClient, userId: string, tuning: FeedTuning) {
  queryClient.setQueryData(feedTuningQueryOptions(userId).queryKey, tuning);
  void queryClient.resetQueries({ queryKey: forYouPostsQueryOptions(userId).queryKey });
}

/** One tuning change; a refusal says why. */
export function useSetFeedTuning(userId: string | undefined) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: (variables: SetFeedTuningVariables) => setFeedTuning(userId ?? '', variables),
    onSuccess: (answer) => afterTuning(queryClient, userId ?? '', answer.tuning),
    onError: (error) => showNotice((isApiError(error) && error.message) || 'Your feed could not be tuned.', 'danger_light'),
  });
}
