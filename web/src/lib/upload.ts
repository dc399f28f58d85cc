/**
 * Multipart calls with upload progress (fetch cannot report it): XMLHttpRequest to /api/user/..., with
 * the session in its cookies like api-client.ts, and the same typed ApiError on failure. Pure:
 * never navigates; a 401 on a signed-in call clears the session so the router guard takes over.
 */
import { errorResponse } from '@inkwell/contract';
import { ApiError, type Call } from './api-client';
import { type SchemaOutput, loadSchemas } from './load-schemas';
import { clearSession, getSession } from './session';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..1, or null while the browser does not know the total. */
  fraction: number | null;
}

export interface UploadOptions {
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

/** A multipart call of the endpoint table (its entry names the file part), its answer checked with the entry's schema. */
export function uploadForm<E extends Call & { file: string }>(endpoint: E, form: FormData, options: UploadOptions = {}): Promise<SchemaOutput<E['answer']>> {
  const schemas = loadSchemas();
  schemas.catch(() => undefined); // awaited once the answer is in
  return new Promise((resolve, reject) => {
    const session = getSession();
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, endpoint.path);
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
        reject(parsed.success ? new ApiError(xhr.status, parsed.data.message, parsed.data.errors) : new ApiError(xhr.status, DEFAULT_MESSAGES[xhr.status] ?? ''));
        return;
      }
      schemas.then(
        (all) => {
          const parsed = all[endpoint.answer].safeParse(json);
          if (!parsed.success) {
            reject(new ApiError(xhr.status, 'Unexpected answer from the server.'));
            return;
          }
          options.onProgress?.({ loaded: 1, total: 1, fraction: 1 });
          resolve(parsed.data as SchemaOutput<E['answer']>);
        },
        () => reject(new ApiError(0, '')),
      );
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
