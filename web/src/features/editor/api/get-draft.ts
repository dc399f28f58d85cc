import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/drafts/details {id}: one of the writer's drafts, to continue it (404: not theirs, or gone). */
export async function getDraft(id: number, signal?: AbortSignal) {
  const data = await api(endpoints.draftsDetails, { id }, { signal });
  return data.draft;
}

export const draftDetailsQuery = (id: number) =>
  queryOptions({
    // The editor's own key: read once, never refreshed under the writer (saves write it themselves).
    queryKey: ['editor', 'draft', id],
    queryFn: ({ signal }) => getDraft(id, signal),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** The draft to continue, or nothing to load (null: a new post). */
export function useDraftDetails(id: number | null) {
  return useQuery({ ...draftDetailsQuery(id ?? 0), enabled: id !== null && id > 0 });
}
