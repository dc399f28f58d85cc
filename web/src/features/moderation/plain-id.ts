/**
 * A number as the console's addresses have it (a case's, an account's: a plain number, the command
 * line's, not an encoded id); null when it is none. Apart from app/screen.ts, whose code every page
 * loads first: only the console's screens read it.
 */
export function plainIdParam(value: string | undefined): number | null {
  const id = /^\d{1,15}$/.test(value ?? '') ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
