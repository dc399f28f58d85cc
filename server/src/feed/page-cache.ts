/**
 * A micro-cache for the card rows of feed pages that look the same to every reader (For you, a
 * category, an author; the reader's own likes and saves are looked up apart). An entry lives at most
 * ttlMs, and every successful state-changing call of this process drops them all (invalidate), so a
 * reader never sees their own change missing; another process's change shows within ttlMs.
 * ttlMs = 0 turns it off (the tests' default).
 */
export class PageCache<T> {
  private readonly entries = new Map<string, { at: number; generation: number; value: T }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string): T | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== this.generation || Date.now() - entry.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T): void {
    if (!this.enabled) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { at: Date.now(), generation: this.generation, value });
  }

  /** Drops every entry: called after any successful write. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
