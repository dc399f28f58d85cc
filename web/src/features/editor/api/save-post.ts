import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavePostResponse } from '@inkwell/contract';
import * as endpoints from '@inkwell/contract/calls';
import { uploadForm, type UploadProgress } from '../../../lib/upload';

export interface PostPayload {
  user_id: string;
  title: string;
  sub_title: string;
  category_id: string;
  /** Body HTML from the editor (normalised, images by URL). */
  description: string;
  read_time: number;
  /** The cover: required on create, optional on update. */
  image: File | null;
  /** A new post: mailed to the writer's subscribers ("Publish and email") or not; left out on update. */
  email_subscribers?: boolean;
}

interface SaveArgs {
  payload: PostPayload;
  onProgress?: (progress: UploadProgress) => void;
}

function toForm(payload: PostPayload, id?: number): FormData {
  const form = new FormData();
  form.append('description', payload.description);
  form.append('user_id', payload.user_id);
  form.append('title', payload.title);
  form.append('sub_title', payload.sub_title);
  form.append('category_id', payload.category_id);
  form.append('read_time', String(payload.read_time));
  if (id !== undefined) form.append('id', String(id));
  if (payload.email_subscribers !== undefined) form.append('email_subscribers', String(payload.email_subscribers));
  if (payload.image) form.append('image', payload.image);
  return form;
}

/** POST /api/user/add-post (multipart, cover required), with upload progress. */
export function addPost({ payload, onProgress }: SaveArgs): Promise<SavePostResponse> {
  return uploadForm(endpoints.addPost, toForm(payload), { onProgress });
}

/** POST /api/user/posts/update (multipart, cover optional), with upload progress. */
export function updatePost({ id, payload, onProgress }: SaveArgs & { id: number }): Promise<SavePostResponse> {
  return uploadForm(endpoints.postsUpdate, toForm(payload, id), { onProgress });
}

/**
 * Lists, cards, profiles and the post page change after a save: mark every cached query stale but the
 * editor's own (not awaited, so the redirect does not wait for refetches).
 */
function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'editor' });
  };
}

export function useAddPost() {
  const invalidate = useInvalidateAll();
  return useMutation({ mutationFn: addPost, onSuccess: invalidate });
}

export function useUpdatePost() {
  const invalidate = useInvalidateAll();
  return useMutation({ mutationFn: updatePost, onSuccess: invalidate });
}
