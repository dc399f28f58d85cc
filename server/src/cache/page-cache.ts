/**
 * The generation that the entries of a cache and its siblings were read in. invalidate() raises it;
 * so does a write in another process (changedElsewhere, asked before each lookup: db/write-signal.ts).
 */
export class CacheClock {
  generation = 0;

  private readonly changedElsewhere: () => boolean;

  constructor(changedElsewhere: () => boolean = () => false) {
    this.changedElsewhere = changedElsewhere;
  }

  /** The generation now, raised first if another process wrote since the last lookup. */
  current(): number {
    if (this.changedElsewhere()) this.generation += 1;
    return this.generation;
  }
}

/**
 * A micro-cache for the card rows of feed pages that look the same to every reader (For you, a
 * category, an author; the reader's own likes and saves are looked up apart). An entry lives at most
 * ttlMs, and every successful state-changing call drops them all: this process's at once
 * (invalidate), so a reader never sees their own change missing, and another process's by its clock.
 * ttlMs = 0 turns it off (the tests' default).
 */
export class PageCache<T> {
  private readonly entries = new Map<string, { at: number; generation: number; value: T }>();
  /** Reads under way, so that callers who miss the same key at once share one read. */
  private readonly pending = new Map<string, { generation: number; read: Promise<T> }>();
  /** Answers from memory and reads, counted while the cache is on (shown at /metrics). */
  readonly stats = { hits: 0, misses: 0 };

  private readonly ttlMs: number;
  private readonly maxEntries: number;
  /** Shared by siblings: bumping it forgets their entries too. */
  private readonly clock: CacheClock;

  constructor(
    ttlMs: number,
    maxEntries = 2000,
    /** Shared by siblings: bumping it forgets their entries too. */
    clock: CacheClock = new CacheClock(),
  ) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.clock = clock;
  }

  /** A cache of other values (by default with the same lifetime), emptied whenever this one is invalidated. */
  sibling<U>(maxEntries = this.maxEntries, ttlMs = this.ttlMs): PageCache<U> {
    return new PageCache<U>(ttlMs, maxEntries, this.clock);
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string): T | undefined {
    if (!this.enabled) return undefined;
    const generation = this.clock.current();
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== generation || Date.now() - entry.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * The value of key while it is fresh (read in this generation and younger than ttlMs), counted as a
   * hit; undefined otherwise, leaving an entry past its time in place for rememberStale() to answer
   * and refresh (the kept pages' front, render/page-front.ts, asks this before Fastify sees a request).
   */
  fresh(key: string): T | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry || entry.generation !== this.clock.current() || Date.now() - entry.at > this.ttlMs) return undefined;
    this.stats.hits += 1;
    return entry.value;
  }

  /** As get(), counted as a hit when found (a caller that reads on a miss itself, through remember()). */
  find(key: string): T | undefined {
    const value = this.get(key);
    if (value !== undefined) this.stats.hits += 1;
    return value;
  }

  /** Keeps value under key (undefined, "nothing found", is not kept). */
  set(key: string, value: T): void {
    if (!this.enabled || value === undefined) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { at: Date.now(), generation: this.clock.generation, value });
  }

  /**
   * The cached value of key, or what read() answers, kept for next time (read every time when off).
   * Callers that miss the same key while a read of the current generation is under way wait for that
   * read instead of starting their own (an expiry under load would otherwise start one per request).
   */
  async remember(key: string, read: () => Promise<T>): Promise<T> {
    const cached = this.get(key);
    if (cached !== undefined) {
      this.stats.hits += 1;
      return cached;
    }
    if (!this.enabled) return read();
    this.stats.misses += 1;
    const generation = this.clock.generation;
    const shared = this.pending.get(key);
    if (shared && shared.generation === generation) return shared.read;
    const reading = read()
      .then((value) => {
        if (this.clock.current() === generation) this.set(key, value);
        return value;
      })
      .finally(() => {
        if (this.pending.get(key)?.read === reading) this.pending.delete(key);
      });
    this.pending.set(key, { generation, read: reading });
    return reading;
  }

  /**
   * As remember(), except that an entry past its time but not dropped by a write is still answered
   * while one read refreshes it in the background (a change made by another process then shows one
   * read later): callers never wait for a read that only its age asked for.
   */
  async rememberStale(key: string, read: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (this.enabled && entry && entry.generation === this.clock.current() && Date.now() - entry.at > this.ttlMs) {
      if (!this.pending.has(key)) {
        const generation = this.clock.generation;
        const reading = read()
          .then((value) => {
            if (this.clock.current() === generation) this.set(key, value);
            return value;
          })
          .finally(() => {
            if (this.pending.get(key)?.read === reading) this.pending.delete(key);
          });
        reading.catch(() => undefined); // a failed refresh keeps the old entry until a write drops it
        this.pending.set(key, { generation, read: reading });
      }
      this.stats.hits += 1;
      return entry.value;
    }
    return this.remember(key, read);
  }

  /** Drops every entry, and its siblings' (lazily): called after any successful write. */
  invalidate(): void {
    this.clock.generation += 1;
    this.entries.clear();
  }
}
