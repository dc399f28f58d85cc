import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnProfile } from '@inkwell/contract';
import { api } from '../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/profile {id} with the session headers: the signed-in user's own profile. */
export async function getOwnProfile(id: string, signal?: AbortSignal): Promise<OwnProfile> {
  const data = await api(endpoints.ownProfile, { id: Number(id) }, { signal });
  return data.user;
}

export const ownProfileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['profile', 'own', id],
    queryFn: ({ signal }) => getOwnProfile(id, signal),
    staleTime: 60_000,
  });

export function useOwnProfile(id: string | undefined) {
  return useQuery({ ...ownProfileQueryOptions(id ?? ''), enabled: Boolean(id) });
}
