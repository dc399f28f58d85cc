import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CallBody, api, isApiError } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/upload';
import { useNotice } from '../../../components/NoticeProvider';
import { ownProfileQueryOptions } from '../../../api/get-own-profile';
import * as endpoints from '@inkwell/contract/calls';

/** What a settings form changes (the update-profile body less the id); a new picture goes as multipart. */
export type ProfileChanges = Omit<CallBody<typeof endpoints.updateProfile>, 'id' | 'profile_picture'> & { picture?: File };

/** POST /api/user/update-profile {id, …only what changes}. */
export function updateProfile(userId: string, { picture, ...changes }: ProfileChanges) {
  if (!picture) return api(endpoints.updateProfile, { id: Number(userId), ...changes });
  const form = new FormData();
  form.set('id', userId);
  for (const [key, value] of Object.entries(changes)) if (value !== undefined) form.set(key, String(value));
  form.set('profile_picture', picture);
  return uploadForm(endpoints.updateProfile, form);
}

/** The field messages of a refused change (422), for the form to show beside its fields. */
export function fieldErrors(error: unknown): Record<string, string[]> {
  return isApiError(error) ? error.errors : {};
}

/** Saves changes; the own profile (top bar, settings) takes the server's answer, profiles refresh. */
export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => updateProfile(userId, changes),
    onSuccess: (answer) => {
      queryClient.setQueryData(ownProfileQueryOptions(userId).queryKey, answer.user);
      void queryClient.invalidateQueries({ queryKey: ['profile', 'public'] });
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
      showNotice(answer.message, 'success_light');
    },
    onError: (error) => showNotice((isApiError(error) && error.message) || 'Your changes could not be saved.', 'danger_light'),
  });
}
