import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/**
 * POST /api/user/drafts/publish {id}: the draft becomes a post (201 savePostResponse) and is gone as a
 * draft. 422 with errors.title / sub_title / category_id when it is not complete.
 */
export function publishDraft(id: number) {
  return api(endpoints.draftsPublish, { id });
}

export function usePublishDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishDraft,
    // Feeds, the Library, profiles: all changed (not awaited: the redirect does not wait for refetches).
    onSuccess: () => void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'editor' }),
  });
}
