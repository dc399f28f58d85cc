import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/update-profile {id, name}: the one field the welcome step asks for. */
export function saveName(userId: string, name: string) {
  return api(endpoints.updateProfile, { id: Number(userId), name });
}

/**
 * Saves the name; the own profile (top bar, settings), profiles and every post list read it again, so
 * the member's cards say their name instead of 'Undefined author!'.
 */
export function useSaveName(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => saveName(userId, name),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
    },
  });
}
