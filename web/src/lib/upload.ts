/**
 * Multipart calls with upload progress (fetch cannot report it): XMLHttpRequest to /api/user/..., with
 * the session in its cookies like api-client.ts, and the same typed ApiError on failure. Pure:
 * never navigates; a 401 on a signed-in call clears the session so the router guard takes over.
 */
import type { z } from 'zod';
import { errorResponse } from '@inkwell/contract';
import { ApiError } from './api-client';
import { clearSession, getSession } from './session';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..1, or null while the browser does not know the total. */
  fraction: number | null;
}

export interface UploadOptions<S extends z.ZodType> {
  schema: S;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Messages for answers that come without one (a proxy's 413, say). */
const DEFAULT_MESSAGES: Record<number, string> = {
  413: 'The image is too large.',
  415: 'Only image files can be uploaded.',
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function uploadForm<S extends z.ZodType>(path: string, form: FormData, options: UploadOptions<S>): Promise<z.infer<S>> {
  return new Promise((resolve, reject) => {
    const session = getSession();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/user/${path.replace(/^\/+/, '')}`);
    xhr.setRequestHeader('Accept', 'application/json');

    const onAbort = () => xhr.abort();
    const { signal } = options;
    if (signal?.aborted) {
      reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.upload.onprogress = (event) => {
      options.onProgress?.({
        loaded: event.loaded,
        total: event.total,
        fraction: event.lengthComputable && event.total > 0 ? event.loaded / event.total : null,
      });
    };

    xhr.onload = () => {
      done();
      const json = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        if (xhr.status === 401 && session) clearSession();
        const parsed = errorResponse.safeParse(json);
        reject(
          parsed.success
            ? new ApiError(xhr.status, parsed.data.message, parsed.data.errors)
            : new ApiError(xhr.status, DEFAULT_MESSAGES[xhr.status] ?? ''),
        );
        return;
      }
      const parsed = options.schema.safeParse(json);
      if (!parsed.success) {
        reject(new ApiError(xhr.status, 'Unexpected answer from the server.'));
        return;
      }
      options.onProgress?.({ loaded: 1, total: 1, fraction: 1 });
      resolve(parsed.data);
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, ''));
    };
    xhr.onabort = () => {
      done();
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };

    xhr.send(form);
  });
}
