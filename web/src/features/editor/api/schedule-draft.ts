import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/**
 * POST /api/user/drafts/schedule {id, publish_at, email_subscribers}: publish_at an ISO time (UTC), or
 * null to make it a draft again; `email`, kept with the draft, says whether the scheduler's publishing
 * mails it to subscribers. 422 errors.publish_at (past, too far) or the post's own (title, sub title, category).
 */
export function scheduleDraft({ id, publishAt, email }: { id: number; publishAt: string | null; email: boolean }) {
  return api(endpoints.draftsSchedule, { id, publish_at: publishAt, email_subscribers: email });
}

export function useScheduleDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleDraft,
    onSuccess: ({ draft }) => {
      queryClient.setQueryData(['editor', 'draft', draft.id], draft);
      void queryClient.invalidateQueries({ queryKey: ['drafts'] });
    },
  });
}
