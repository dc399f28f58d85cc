/**
 * Whether a sign-up or subscribe was sent by a program (issue 47, ADR 0098): its honeypot filled, or
 * sent back sooner than a person could (`minFillMs`; 0: the timing is off). A form without the timing
 * (an old page, a script of one's own) is not refused for it. The caller answers as if it had worked.
 */
export function sentByProgram(body: { website?: string | undefined; filled_ms?: number | undefined }, minFillMs: number): boolean {
  if (body.website !== undefined && body.website.trim() !== '') return true;
  return minFillMs > 0 && body.filled_ms !== undefined && body.filled_ms < minFillMs;
}

/** The longest a plain form's render time may lie behind: older is no timing at all (a page kept open for days). */
const SHOWN_AT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * How long a plain form was open, on the server's clock: from the render time its page carried
 * (`shown_at`) to now; undefined when there is none or it is not one this server could have written.
 */
export function filledSince(shownAt: string | undefined, now = Date.now()): number | undefined {
  if (!shownAt || !/^\d{13}$/.test(shownAt.trim())) return undefined;
  const filled = now - Number(shownAt);
  return filled >= 0 && filled <= SHOWN_AT_MAX_AGE_MS ? filled : undefined;
}
