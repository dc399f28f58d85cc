import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@inkwell/contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/user/client-config: whether the server offers Google sign-in. */
export function getClientConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return apiRequest('client-config', { method: 'GET', schema: 'clientConfigResponse', signal });
}

export const clientConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['client-config'],
    queryFn: ({ signal }) => getClientConfig(signal),
    staleTime: Infinity,
    retry: false,
  });

export function useClientConfig() {
  return useQuery(clientConfigQueryOptions());
}
