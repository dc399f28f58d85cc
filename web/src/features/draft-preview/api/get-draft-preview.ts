import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/draft-preview {token} (open, no session): the draft as readers would see it; 404 when the link no longer works. */
export async function getDraftPreview(token: string, signal?: AbortSignal) {
  const data = await api(endpoints.draftPreview, { token }, { signal });
  return data.preview;
}

export const draftPreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['draft-preview', token],
    queryFn: ({ signal }) => getDraftPreview(token, signal),
    staleTime: 30_000,
    retry: false,
  });

export function useDraftPreview(token: string) {
  return useQuery(draftPreviewQueryOptions(token));
}
