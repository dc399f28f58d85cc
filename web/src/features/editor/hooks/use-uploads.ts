import { useCallback, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import type { UploadProgress } from '../../../lib/upload';
import { uploadImage } from '../api/upload-image';
import type { ActiveUpload } from '../components/UploadProgress';
import { imageProblem, uploadErrorMessage } from '../form-errors';

/**
 * The form's uploads, each with a progress bar of its own (`track`), and the body's images: checked,
 * uploaded, their URL put in the HTML; `bodyUploading` says whether one is still on its way.
 */
export function useUploads(showError: (message: string) => void) {
  const [uploads, setUploads] = useState<ActiveUpload[]>([]);
  const seq = useRef(0);
  const bodyUploads = useRef(0);

  const track = useCallback(async <T>(label: string, run: (onProgress: (p: UploadProgress) => void) => Promise<T>): Promise<T> => {
    const id = ++seq.current;
    setUploads((list) => [...list, { id, label, fraction: 0 }]);
    try {
      return await run((p) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, fraction: p.fraction } : u))));
    } finally {
      setUploads((list) => list.filter((u) => u.id !== id));
    }
  }, []);

  const uploadBodyImage = useCallback(
    async (file: File) => {
      const problem = imageProblem(file);
      if (problem) throw new Error(problem);
      bodyUploads.current += 1;
      try {
        const answer = await track(`Uploading ${file.name || 'image'}`, (onProgress) => uploadImage(file, onProgress));
        return answer.url;
      } finally {
        bodyUploads.current -= 1;
      }
    },
    [track],
  );

  const onBodyUploadError = useCallback((error: unknown) => showError(error instanceof Error && !isApiError(error) ? error.message : uploadErrorMessage(error)), [showError]);

  const bodyUploading = useCallback(() => bodyUploads.current > 0, []);

  return { uploads, track, uploadBodyImage, onBodyUploadError, bodyUploading };
}
