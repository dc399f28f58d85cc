import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DRAFT_MESSAGES, type DraftSummary } from '@inkwell/contract';
import { useNotice } from '../../../components/NoticeProvider';
import { api, isApiError } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/drafts/delete {id}: {message}. */
export function deleteDraft(id: number) {
  return api(endpoints.draftsDelete, { id });
}

/** Deletes a draft; its row leaves the cached lists at once. */
export function useDeleteDraft() {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: deleteDraft,
    onSuccess: (answer, id) => {
      queryClient.setQueriesData<DraftSummary[]>({ queryKey: ['drafts', 'list'] }, (list) => list?.filter((draft) => draft.id !== id));
      showNotice(answer.message || DRAFT_MESSAGES.deleted, 'success_light');
      void queryClient.invalidateQueries({ queryKey: ['drafts'] });
    },
    onError: (error) => {
      showNotice((isApiError(error) && error.message) || 'The draft could not be deleted.', 'danger_light');
    },
  });
}
