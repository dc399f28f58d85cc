/**
 * The feeds' and sitemaps' answers kept in memory for a few seconds, by URL: a crawler or a feed
 * reader asking again and again costs one read per URL per ttlMs. Bounded by the characters it holds
 * (a sitemap page of 10 000 urls is about 1 MB); the oldest entries go first. Callers that miss the
 * same key at once share one read. A failed read (a 404 included) is not kept. ttlMs = 0: off.
 */
export class AnswerCache {
  private readonly entries = new Map<string, { at: number; body: string }>();
  private readonly pending = new Map<string, Promise<string>>();
  private size = 0;

  private readonly ttlMs: number;
  private readonly maxChars: number;

  constructor(ttlMs: number, maxChars = 16 * 1024 * 1024) {
    this.ttlMs = ttlMs;
    this.maxChars = maxChars;
  }

  async remember(key: string, read: () => Promise<string>): Promise<string> {
    if (this.ttlMs <= 0) return read();
    const entry = this.entries.get(key);
    if (entry && Date.now() - entry.at <= this.ttlMs) return entry.body;
    if (entry) this.drop(key);
    const shared = this.pending.get(key);
    if (shared) return shared;
    const reading = read()
      .then((body) => {
        this.keep(key, body);
        return body;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, reading);
    return reading;
  }

  private keep(key: string, body: string): void {
    if (body.length > this.maxChars) return;
    this.drop(key);
    while (this.size + body.length > this.maxChars && this.entries.size > 0) this.drop(this.entries.keys().next().value!);
    this.entries.set(key, { at: Date.now(), body });
    this.size += body.length;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.size -= entry.body.length;
  }
}
