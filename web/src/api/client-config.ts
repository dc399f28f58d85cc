import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@inkwell/contract';
import { api } from '../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** GET /api/user/client-config: whether the server offers Google sign-in, and federates. */
export function getClientConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return api(endpoints.clientConfig, undefined, { signal });
}

export const clientConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['client-config'],
    queryFn: ({ signal }) => getClientConfig(signal),
    staleTime: Infinity,
    retry: false,
  });

export function useClientConfig(enabled = true) {
  return useQuery({ ...clientConfigQueryOptions(), enabled });
}
