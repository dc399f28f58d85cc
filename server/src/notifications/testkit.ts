import { simpleParser } from 'mailparser';
import type { ReceivedMail } from '../test/smtp.ts';

/** A mail as its reader sees it: subject, both parts, the headers that matter here. */
export interface ParsedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  listUnsubscribe: string | undefined;
  listUnsubscribePost: string | undefined;
}

export async function parseMail(mail: ReceivedMail): Promise<ParsedMail> {
  const parsed = await simpleParser(mail.raw);
  const header = (name: string) => {
    const line = parsed.headerLines.find((h) => h.key === name);
    return line ? line.line.slice(line.line.indexOf(':') + 1).trim() : undefined;
  };
  return {
    to: mail.to,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    listUnsubscribe: header('list-unsubscribe'),
    listUnsubscribePost: header('list-unsubscribe-post'),
  };
}

/** The unsubscribe URL of a List-Unsubscribe header value ('<https://…>'). */
export function unsubscribeUrlOf(header: string | undefined): URL {
  const match = /<([^>]+)>/.exec(header ?? '');
  if (!match) throw new Error(`no List-Unsubscribe URL in ${header}`);
  return new URL(match[1]!);
}

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
  at: number;
}

/**
 * An open Server-Sent Events stream read with fetch, as a browser's EventSource would: events as they
 * arrive, `next(filter)` waits for the next matching one.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  status = 0;
  private readonly controller = new AbortController();
  private waiters: Array<() => void> = [];
  private done: Promise<void> | undefined;

  private readonly url: string;
  private readonly headers: Record<string, string>;

  constructor(url: string, headers: Record<string, string>) {
    this.url = url;
    this.headers = headers;
  }

  async open(): Promise<this> {
    const res = await fetch(this.url, { headers: { accept: 'text/event-stream', ...this.headers }, signal: this.controller.signal });
    this.status = res.status;
    if (!res.ok || !res.body) return this;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    this.reader = reader;
    this.done = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event: SseEvent = { event: 'message', data: '', at: Date.now() };
            let hasData = false;
            for (const line of block.split('\n')) {
              if (line.startsWith(':') || line.startsWith('retry:')) continue;
              const [field, ...rest] = line.split(':');
              const value = rest.join(':').replace(/^ /, '');
              if (field === 'event') event.event = value;
              else if (field === 'id') event.id = value;
              else if (field === 'data') {
                event.data += (hasData ? '\n' : '') + value;
                hasData = true;
              }
            }
            if (hasData) {
              this.events.push(event);
              for (const wake of this.waiters.splice(0)) wake();
            }
          }
        }
      } catch {
        // Aborted by close().
      } finally {
        this.ended = true;
        for (const wake of this.waiters.splice(0)) wake();
      }
    })();
    return this;
  }

  ended = false;
  private reader: ReadableStreamDefaultReader<string> | undefined;

  /** The first event from index `from` on that matches, waiting up to timeoutMs. */
  async next(match: (e: SseEvent) => boolean, from = 0, timeoutMs = 3000): Promise<SseEvent> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.slice(from).find(match);
      if (found) return found;
      if (this.ended) throw new Error(`stream ended without the event; got ${JSON.stringify(this.events)}`);
      const left = until - Date.now();
      if (left <= 0) throw new Error(`no such event within ${timeoutMs} ms; got ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async close(): Promise<void> {
    this.controller.abort();
    await this.reader?.cancel().catch(() => {});
    // A read pending while the server ends the stream can stay pending after an abort: do not wait on it for ever.
    await Promise.race([this.done, new Promise((r) => setTimeout(r, 500))]);
  }
}
