import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { UploadProgress } from '../../../lib/upload';
import { uploadImage } from '../api/upload-image';
import type { DraftContent } from './use-server-draft';

type Track = <T>(label: string, run: (onProgress: (p: UploadProgress) => void) => Promise<T>) => Promise<T>;

/**
 * The cover of the form: a picked file (shown at once from memory, sent with add-post or update) and
 * the stored path a draft keeps. A picked file is stored (upload-image) only when a draft save needs
 * it, once.
 */
export function useCover(initialPath: string | null, track: Track) {
  const [file, setFile] = useState<File | null>(null);
  const [path, setPath] = useState<string | null>(initialPath);
  const fileUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (fileUrl) URL.revokeObjectURL(fileUrl);
    },
    [fileUrl],
  );
  const current = useRef(file);
  useEffect(() => {
    current.current = file;
  });

  /** A new file to use (its path comes with the next draft save); null keeps what there is. */
  const pick = useCallback((next: File | null) => {
    setFile(next);
    if (next) setPath(null);
  }, []);

  /** For a draft save: the stored path, uploading the picked file first when it has none. */
  const resolve = useCallback(
    async ({ coverPath, coverFile }: DraftContent): Promise<string | null> => {
      if (coverPath || !coverFile) return coverPath;
      const answer = await track('Uploading cover image', (onProgress) => uploadImage(coverFile, onProgress));
      // Another file picked meanwhile keeps its own turn.
      if (current.current === coverFile) setPath(answer.path);
      return answer.path;
    },
    [track],
  );

  return { file, path, fileUrl, pick, resolve };
}
