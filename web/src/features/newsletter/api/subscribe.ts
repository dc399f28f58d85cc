import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewsletterSubscribeResponse } from '@inkwell/contract';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

export interface SubscribeInput {
  writerId: number;
  /** A visitor's address; a member leaves it out to use their own. */
  email?: string;
  source: 'profile' | 'story';
  /** The form guard's fields (components/FormGuard.tsx). */
  guard?: { website?: string; filled_ms: number };
}

/** POST /api/user/newsletter/subscribe {writer_id, email?, source}. */
export async function subscribeToWriter({ writerId, email, source, guard }: SubscribeInput): Promise<NewsletterSubscribeResponse> {
  return api(endpoints.newsletterSubscribe, { writer_id: writerId, source, ...(email ? { email } : {}), ...guard });
}

export function useSubscribeToWriter() {
  const queryClient = useQueryClient();
  // A member's own subscription shows in their ticks too (api/member.ts keys them under this).
  return useMutation({ mutationFn: subscribeToWriter, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['newsletter', 'member'] }) });
}
