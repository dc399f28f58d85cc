import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewsletterConfirmationResponse, NewsletterConfirmResponse } from '@inkwell/contract';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/newsletter/confirmation {token}: what the confirmation page shows (it confirms nothing). */
export async function newsletterConfirmation(token: string, signal?: AbortSignal): Promise<NewsletterConfirmationResponse> {
  return api(endpoints.newsletterConfirmation, { token }, { signal });
}

export const newsletterConfirmationQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['newsletter', 'confirmation', token], queryFn: ({ signal }) => newsletterConfirmation(token, signal), retry: false });

export function useNewsletterConfirmation(token: string) {
  return useQuery(newsletterConfirmationQueryOptions(token));
}

/** POST /api/user/newsletter/confirm {token}: the page's Confirm button. */
export async function confirmNewsletter(token: string): Promise<NewsletterConfirmResponse> {
  return api(endpoints.newsletterConfirm, { token });
}

export function useConfirmNewsletter(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => confirmNewsletter(token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['newsletter', 'confirmation', token] }),
  });
}
