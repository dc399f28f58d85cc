import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewsletterSubscribersResponse } from '@inkwell/contract';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/newsletter/subscribers {user_id, cursor?}: the writer's own list, newest first, with counts. */
export async function newsletterSubscribers(userId: string, cursor: number | null, signal?: AbortSignal): Promise<NewsletterSubscribersResponse> {
  return api(endpoints.newsletterSubscribers, { user_id: Number(userId), ...(cursor === null ? {} : { cursor }) }, { signal });
}

export const subscribersQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ['newsletter', 'subscribers', userId],
    queryFn: ({ pageParam, signal }) => newsletterSubscribers(userId, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last: NewsletterSubscribersResponse) => last.next_cursor ?? undefined,
  });

export function useSubscribers(userId: string) {
  return useInfiniteQuery(subscribersQueryOptions(userId));
}

/** POST /api/user/newsletter/subscribers/remove {user_id, subscriber_id}. */
export function useRemoveSubscriber(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscriberId: number) => api(endpoints.newsletterRemoveSubscriber, { user_id: Number(userId), subscriber_id: subscriberId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['newsletter', 'subscribers', userId] }),
  });
}

/** POST /api/user/newsletter/settings {user_id, welcome}: the writer's welcome mail text ('' for the default). */
export function useSaveWelcome(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (welcome: string) => api(endpoints.newsletterSettings, { user_id: Number(userId), welcome }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['newsletter', 'subscribers', userId] }),
  });
}

/** POST /api/user/newsletter/subscribers/import {user_id, csv, consent}: a CSV of addresses that asked for the writer's stories. */
export function useImportSubscribers(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, consent }: { csv: string; consent: boolean }) => api(endpoints.newsletterImport, { user_id: Number(userId), csv, consent }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['newsletter', 'subscribers', userId] }),
  });
}
