import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES, TEXT, postFormFields } from '@inkwell/contract';
import { isApiError } from '../../lib/api-client';
import type { DraftFields } from './hooks/use-post-draft';

export type FieldName = 'title' | 'sub_title' | 'category_id' | 'image' | 'description';
export type FieldErrors = Partial<Record<FieldName, string>>;

const FIELDS: readonly FieldName[] = ['title', 'sub_title', 'category_id', 'image', 'description'];
const ACCEPTED: ReadonlySet<string> = new Set(ACCEPTED_IMAGE_TYPES);

/** What is wrong with a picked image, in words that say what is accepted (SPEC §5: images only). */
export function imageProblem(file: File): string | null {
  if (!ACCEPTED.has(file.type)) return TEXT.imageTypesAccepted;
  if (file.size > MAX_IMAGE_BYTES) return `The image may not be greater than ${Math.round(MAX_IMAGE_BYTES / 1024 / 1024)} MB.`;
  return null;
}

export function uploadErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 413) return 'That image is too large to add.';
    if (error.status === 415) return error.message || TEXT.imageTypesAccepted;
    if (error.message) return error.message;
  }
  return 'The image could not be uploaded.';
}

/** The server's field errors (422 errors.<field>[0]) as the form shows them under its fields. */
export function fieldErrorsFrom(error: unknown): FieldErrors {
  const found: FieldErrors = {};
  if (!isApiError(error)) return found;
  for (const name of FIELDS) {
    const message = error.field(name);
    if (message) found[name] = message;
  }
  if ((error.status === 413 || error.status === 415) && !found.image) found.image = uploadErrorMessage(error);
  return found;
}

/** What a post needs before it is sent (SPEC §5), as the form checks it; the category is the caller's to ask for. */
export function missingFields(fields: DraftFields): FieldErrors {
  const found: FieldErrors = {};
  const parsed = postFormFields.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as FieldName;
      if (name !== 'category_id') found[name] ??= issue.message;
    }
  }
  return found;
}
