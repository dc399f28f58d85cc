/** Asks `what` every `everyMs` until it answers something other than undefined; throws after `timeoutMs`. */
export async function until<T>(what: () => T | undefined, timeoutMs: number, everyMs = 50): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = what();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
