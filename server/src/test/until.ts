/** Asks `what` every `everyMs` until it answers (or resolves to) something other than undefined; throws after `timeoutMs`. */
export async function until<T>(what: () => T | undefined | Promise<T | undefined>, timeoutMs: number, everyMs = 50): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await what();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
