import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/**
 * POST /api/user/drafts/publish {id, email_subscribers}: the draft becomes a post (201 savePostResponse),
 * mailed to the writer's subscribers unless `email` is false, and is gone as a draft. 422 with
 * errors.title / sub_title / category_id when it is not complete.
 */
export function publishDraft({ id, email }: { id: number; email: boolean }) {
  return api(endpoints.draftsPublish, { id, email_subscribers: email });
}

export function usePublishDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishDraft,
    // Feeds, the Library, profiles: all changed (not awaited: the redirect does not wait for refetches).
    onSuccess: () => void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'editor' }),
  });
}
