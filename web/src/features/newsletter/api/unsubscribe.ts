import { useMutation } from '@tanstack/react-query';
import type { NewsletterUnsubscribeResponse } from '@inkwell/contract';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/newsletter/unsubscribe {token, subscribe?}: the unsubscribe page's button, and its Undo. */
export async function newsletterUnsubscribe({ token, subscribe }: { token: string; subscribe?: boolean }): Promise<NewsletterUnsubscribeResponse> {
  return api(endpoints.newsletterUnsubscribe, subscribe ? { token, subscribe: 1 } : { token });
}

export function useNewsletterUnsubscribe() {
  return useMutation({ mutationFn: newsletterUnsubscribe });
}
