import type { Database } from '../db/database.ts';
import { listenOnPostgres } from '../db/listen.ts';
import { announceSeen, latestNoticeId, noticesAfter, storyNoticesBetween } from './notifications.repository.ts';
import { NOTICE_CHANNEL } from '../notify/notify.repository.ts';

/**
 * What reaches a member's open tabs: a new notification (its id), their unseen count changed
 * (another tab marked some seen), or 'resync' (the signal source reconnected: catch up from the last
 * id sent, something may have been missed meanwhile).
 */
export type LiveSignal = { userId: number; noticeId: number } | { userId: number; seen: true } | { resync: true };

/** A batch of a new story's notifications (one NOTIFY for up to a thousand members): its post and id range. */
export interface StorySignal {
  story: number;
  from: number;
  to: number;
}

export interface LiveSubscriber {
  userId: number;
  signal(signal: LiveSignal): void;
  close(): void;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * The open notification streams of this process, by member, and where their signals come from:
 * PostgreSQL's LISTEN (a NOTIFY sent in the writing transaction reaches every app server at commit),
 * or on SQLite, the one process watching for notification ids past the last one it saw (committed rows
 * only, read on the read-only connection; SQLite writes one transaction at a time, so ids arrive in
 * order, from this process or another one such as the admin command). A new story's fan-out sends one
 * NOTIFY per batch of up to a thousand members (its post and id range): each process reads which of
 * those notifications belong to its own streams.
 */
export class NotificationHub {
  private readonly byUser = new Map<number, Set<LiveSubscriber>>();
  private source: { stop(): Promise<void> } | undefined;
  private closed = false;

  private readonly database: Database;
  private readonly options: { pollMs: number; log: Logger };

  constructor(database: Database, options: { pollMs: number; log: Logger }) {
    this.database = database;
    this.options = options;
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  streamsOf(userId: number): LiveSubscriber[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  /** Adds an open stream; the returned function removes it. The signal source starts with the first one. */
  subscribe(subscriber: LiveSubscriber): () => void {
    let set = this.byUser.get(subscriber.userId);
    if (!set) this.byUser.set(subscriber.userId, (set = new Set()));
    set.add(subscriber);
    this.ensureSource();
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.byUser.get(subscriber.userId) === set) this.byUser.delete(subscriber.userId);
    };
  }

  /** Hands a signal to the streams it concerns in this process. */
  deliver(signal: LiveSignal): void {
    if ('resync' in signal) {
      for (const set of this.byUser.values()) for (const s of set) s.signal(signal);
      return;
    }
    for (const s of this.byUser.get(signal.userId) ?? []) s.signal(signal);
  }

  /** A member's unseen count changed: their streams on every app server send it. */
  async announceSeen(userId: number): Promise<void> {
    if (this.database.connectionString) await announceSeen(this.database.db, userId);
    else this.deliver({ userId, seen: true });
  }

  /** Ends every stream (the app is closing) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    for (const set of this.byUser.values()) for (const s of set) s.close();
    this.byUser.clear();
    await this.source?.stop();
  }

  /** A fan-out batch written somewhere: its notifications that belong to streams open here, each as a notification signal. */
  private async deliverStory(signal: StorySignal): Promise<void> {
    if (this.byUser.size === 0) return;
    try {
      for (const row of await storyNoticesBetween(this.database, signal.story, signal.from, signal.to)) {
        if (this.byUser.has(row.user_id)) this.deliver({ userId: row.user_id, noticeId: row.id });
      }
    } catch (err) {
      this.options.log.warn({ err: (err as Error).message }, 'notification stream could not read new story notifications');
    }
  }

  private ensureSource(): void {
    if (this.source || this.closed) return;
    this.source = this.database.connectionString
      ? listenOnPostgres(
          this.database.connectionString,
          NOTICE_CHANNEL,
          {
            onPayload: (payload) => {
              const signal = parsePayload(payload);
              if (signal && 'story' in signal) void this.deliverStory(signal);
              else if (signal) this.deliver(signal);
            },
            onReconnect: () => this.deliver({ resync: true }),
          },
          this.options.log,
        )
      : watchSqlite(this.database, this.options.pollMs, (signal) => this.deliver(signal), this.options.log);
  }
}

/** Parses a NOTIFY payload written by notify.repository.ts, post-fanout.repository.ts or announceSeen. */
export function parsePayload(payload: string | undefined): LiveSignal | StorySignal | null {
  try {
    const value = JSON.parse(payload ?? '') as { u?: unknown; n?: unknown; seen?: unknown; p?: unknown; a?: unknown; b?: unknown };
    if (typeof value.p === 'number' && typeof value.a === 'number' && typeof value.b === 'number') return { story: value.p, from: value.a, to: value.b };
    if (typeof value.u !== 'number') return null;
    if (typeof value.n === 'number') return { userId: value.u, noticeId: value.n };
    if (value.seen === true) return { userId: value.u, seen: true };
  } catch {
    // Not ours: ignored.
  }
  return null;
}

/**
 * Polls for ids past the last one seen, every pollMs once a stream has opened (one primary-key range
 * read that finds nothing most of the time).
 *
 * Not a job of the runner (jobs/runner.ts), though a job without a lease would run on every process as
 * often as this: it is this process's signal source, the SQLite counterpart of the LISTEN connection,
 * and lives as long as the streams need it. It starts with the first stream, whenever the app serves
 * one (the runner's rounds begin only when main.ts starts the jobs; an app built and not started, as in
 * the tests, still serves streams), and its first read, the last id before that stream, is made as the
 * stream opens (a round up to pollMs later would miss what was written in between).
 */
function watchSqlite(database: Database, pollMs: number, deliver: (signal: LiveSignal) => void, log: Logger) {
  let last: number | undefined;
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      if (last === undefined) last = await latestNoticeId(database);
      for (;;) {
        const rows = await noticesAfter(database, last, 500);
        for (const row of rows) {
          last = row.id;
          deliver({ userId: row.user_id, noticeId: row.id });
        }
        if (rows.length < 500) break;
      }
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'notification watcher could not read');
    } finally {
      busy = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), pollMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
    },
  };
}
