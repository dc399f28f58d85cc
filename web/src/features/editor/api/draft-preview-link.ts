import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/user/drafts/preview {id, enabled}: a new secret preview link (draft.preview_url), or none. */
export function setDraftPreview({ id, enabled }: { id: number; enabled: boolean }) {
  return apiRequest('drafts/preview', { body: { id, enabled }, schema: 'draftResponse' });
}

export function useDraftPreviewLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDraftPreview,
    onSuccess: ({ draft }) => queryClient.setQueryData(['editor', 'draft', draft.id], draft),
  });
}
