import { useMutation } from '@tanstack/react-query';
import { type ExportDataBody, errorResponse, exportFileName } from '@inkwell/contract';
import * as endpoints from '@inkwell/contract/calls';
import { ApiError, isApiError } from '../../../lib/api-client';
import { clearSession, getSession } from '../../../lib/session';

/**
 * POST /api/user/export-data {user_id}: "Download your data". The answer is a zip, not JSON, so this
 * does what apiRequest does for the request and its errors (cookies, typed ApiError, a 401 clears
 * the session) and hands the file to the browser itself.
 */

export interface DataArchive {
  blob: Blob;
  filename: string;
}

/** The file name from Content-Disposition, else the server's pattern with the user id. */
export function downloadName(disposition: string | null, userId: string): string {
  const match = /filename\*=UTF-8''([^;]+)|filename="([^"]*)"|filename=([^;]+)/i.exec(disposition ?? '');
  let name = match?.[2] ?? match?.[3]?.trim() ?? '';
  if (match?.[1]) {
    try {
      name = decodeURIComponent(match[1]);
    } catch {
      // a malformed encoded name: the fallback below
    }
  }
  // Only a plain file name: no folders.
  name = name.replace(/[\\/]/g, '_');
  return name || exportFileName(userId, new Date());
}

export async function fetchDataArchive(userId: string, signal?: AbortSignal): Promise<DataArchive> {
  const body: ExportDataBody = { user_id: Number(userId) };
  let response: Response;
  try {
    response = await fetch(endpoints.exportData.path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/zip, application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, '');
  }
  if (!response.ok) {
    if (response.status === 401 && getSession()) clearSession();
    const parsed = errorResponse.safeParse(await response.json().catch(() => undefined));
    throw parsed.success ? new ApiError(response.status, parsed.data.message, parsed.data.errors) : new ApiError(response.status, '');
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (cause) {
    // The connection broke during the download.
    if (signal?.aborted) throw cause;
    throw new ApiError(0, '');
  }
  return { blob, filename: downloadName(response.headers.get('Content-Disposition'), userId) };
}

/** Hands a file to the browser's downloads: an object URL, a temporary <a download> clicked, then let go. */
export function saveFile({ blob, filename }: DataArchive): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers read the URL just after the click: let it go a moment later.
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

/** What the row shows when the download fails. */
export function downloadErrorText(error: unknown): string {
  if (isApiError(error) && error.status === 0) return 'Inkwell could not be reached. Check your connection and try again.';
  if (isApiError(error) && error.message) return error.message;
  return 'Your data could not be downloaded. Please try again.';
}

export function useDownloadData(userId: string) {
  return useMutation({
    mutationFn: () => fetchDataArchive(userId),
    onSuccess: saveFile,
  });
}
