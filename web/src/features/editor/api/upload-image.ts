import type { UploadImageResponse } from '@inkwell/contract';
import * as endpoints from '@inkwell/contract/calls';
import { uploadForm, type UploadProgress } from '../../../lib/upload';

/**
 * POST /api/user/upload-image (multipart {image}): stores an image for a post body; the body refers to
 * it by the answered url ('/storage/<path>'), never as base64. 413 too large, 415 not an image.
 * Called imperatively by the editor (toolbar, paste, drop), so no hook.
 */
export function uploadImage(file: File, onProgress?: (progress: UploadProgress) => void): Promise<UploadImageResponse> {
  const form = new FormData();
  form.append('image', file);
  return uploadForm(endpoints.uploadImage, form, { onProgress });
}
