import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileData } from '@inkwell/contract';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/get-profile-data {id}: what anyone may see of a user (open to visitors). */
export async function getProfileData(id: number, signal?: AbortSignal): Promise<ProfileData> {
  const data = await api(endpoints.getProfileData, { id }, { signal });
  return data.data;
}

/** Under ['profile', …], so a follow or an edit (which invalidate ['profile']) refreshes the counts. */
export const profileDataQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['profile', 'public', id], queryFn: ({ signal }) => getProfileData(id, signal), staleTime: 30_000 });

export function useProfileData(id: number) {
  return useQuery({ ...profileDataQueryOptions(id), retry: false });
}
