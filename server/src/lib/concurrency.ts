/** Runs `work` on every item, at most `limit` at a time (each lane takes the next item when it is done). */
export async function eachAtMost<T>(limit: number, items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * `send` shared by callers that overlap: each call resolves after a run of `send` that started after
 * the call was made, but while one run is under way every call made meanwhile shares the one next run
 * (at most one runs and one waits). For announcements ("something was written"): a hundred writes
 * finishing together are told in two runs, not a hundred, and none is told before it happened.
 * `send` must not reject.
 */
export function coalesced(send: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const start = (): Promise<void> => {
    running = send().finally(() => {
      running = undefined;
    });
    return running;
  };
  return () => {
    if (running === undefined) return start();
    next ??= running.then(() => {
      next = undefined;
      return start();
    });
    return next;
  };
}
