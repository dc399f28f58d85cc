import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/drafts/preview {id, enabled}: a new secret preview link (draft.preview_url), or none. */
export function setDraftPreview({ id, enabled }: { id: number; enabled: boolean }) {
  return api(endpoints.draftsPreview, { id, enabled });
}

export function useDraftPreviewLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDraftPreview,
    onSuccess: ({ draft }) => queryClient.setQueryData(['editor', 'draft', draft.id], draft),
  });
}
