/** A moderation act refused for a reason the operator or moderator can mend (the command line prints it; the console shows it). */
export class CaseError extends Error {
  override name = 'CaseError';
}
