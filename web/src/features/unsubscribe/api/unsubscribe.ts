import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnsubscribeResponse } from '@inkwell/contract';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

export interface UnsubscribeInput {
  token: string;
  /** Undo: tick the mail choice again. */
  subscribe?: boolean;
}

/** POST /api/user/unsubscribe {token, subscribe?}: the mailed link's choice, no session needed. */
export async function unsubscribe({ token, subscribe }: UnsubscribeInput): Promise<UnsubscribeResponse> {
  return api(endpoints.unsubscribe, subscribe ? { token, subscribe: 1 } : { token });
}

export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribe,
    // The member's own profile holds the four mail choices (Settings › Notification): read them again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile', 'own'] }),
  });
}
