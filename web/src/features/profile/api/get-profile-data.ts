import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProfile } from '@inkwell/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/user/get-profile-data {id}: what anyone may see of a user (open to visitors). */
export async function getProfileData(id: number, signal?: AbortSignal): Promise<PublicProfile> {
  const data = await apiRequest('get-profile-data', { body: { id }, schema: 'getProfileDataResponse', signal });
  return data.data;
}

/** Under ['profile', …], so a follow or an edit (which invalidate ['profile']) refreshes the counts. */
export const profileDataQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['profile', 'public', id], queryFn: ({ signal }) => getProfileData(id, signal), staleTime: 30_000 });

export function useProfileData(id: number) {
  return useQuery({ ...profileDataQueryOptions(id), retry: false });
}
