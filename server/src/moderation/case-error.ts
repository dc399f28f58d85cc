import { conflict, forbidden, notFound, validationError } from '../lib/errors.ts';

/**
 * What kind of refusal it is, set where it is thrown, so that a caller maps it without reading its
 * words: nothing there to act on, decided or answered already, not the caller's to do, or input that
 * cannot be taken (the default).
 */
export type CaseErrorKind = 'missing' | 'conflict' | 'forbidden' | 'invalid';

/** A moderation act refused for a reason the operator or moderator can mend (the command line prints it; the console shows it). */
export class CaseError extends Error {
  override name = 'CaseError';
  readonly kind: CaseErrorKind;
  /** The form field an 'invalid' refusal is about, when it is about one (the console shows it there). */
  readonly field: string | undefined;

  constructor(message: string, how: { kind?: CaseErrorKind; field?: string } = {}) {
    super(message);
    this.kind = how.kind ?? 'invalid';
    this.field = how.field;
  }
}

/** The HTTP answer of a refusal: 404, 409, 403, or 422 on its field (else `field`). */
export function caseErrorAsHttp(err: CaseError, field: string) {
  if (err.kind === 'missing') return notFound(err.message);
  if (err.kind === 'conflict') return conflict(err.message);
  if (err.kind === 'forbidden') return forbidden(err.message);
  return validationError({ [err.field ?? field]: [err.message] });
}
