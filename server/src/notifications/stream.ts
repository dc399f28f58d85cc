import type { ServerResponse } from 'node:http';
import type { NotificationEvent, NotificationItem, UnseenEvent } from '@inkwell/contract';
import type { LiveSignal, LiveSubscriber } from './live.ts';
import type { NotificationsService } from './notifications.service.ts';

interface Logger {
  warn(obj: object, msg: string): void;
}

export interface StreamOptions {
  userId: number;
  /** The last notification id the client has (Last-Event-ID), if it reconnects. */
  lastEventId: number | undefined;
  heartbeatMs: number;
  /** Checked at every heartbeat: a session that ended (logout, expiry, password reset) ends the stream. */
  stillSignedIn: () => Promise<boolean>;
  notifications: NotificationsService;
  log: Logger;
}

/** How many sent ids a stream remembers to send each notification once (PostgreSQL may deliver out of id order). */
const REMEMBERED_IDS = 500;

/**
 * One open GET /notifications/stream: Server-Sent Events written straight to the response. Signals
 * are handled one at a time, in order; each notification is looked up as its member may see it
 * (hidden authors left out) and sent once, with the unseen count.
 */
export class NotificationStream implements LiveSubscriber {
  readonly userId: number;
  private readonly sent = new Set<number>();
  private lastId: number;
  private chain: Promise<void> = Promise.resolve();
  private heartbeat: NodeJS.Timeout | undefined;
  private ended = false;
  private onEnd: () => void = () => {};

  private readonly res: ServerResponse;
  private readonly options: StreamOptions;

  constructor(res: ServerResponse, options: StreamOptions) {
    this.res = res;
    this.options = options;
    this.userId = options.userId;
    this.lastId = options.lastEventId ?? 0;
    res.on('close', () => this.close());
  }

  /** Hands over how to leave the hub once the stream ends (at once when the client has already gone). */
  attach(unsubscribe: () => void): void {
    if (this.ended) unsubscribe();
    else this.onEnd = unsubscribe;
  }

  /** Sends what a reconnecting client missed (after Last-Event-ID), then the unseen count; starts the heartbeat. */
  start(): void {
    this.write('retry: 3000\n\n');
    if (this.options.lastEventId !== undefined) this.signal({ resync: true });
    this.enqueue(() => this.sendUnseen());
    this.heartbeat = setInterval(() => this.enqueue(() => this.beat()), this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  signal(signal: LiveSignal): void {
    if ('resync' in signal) this.enqueue(() => this.catchUp());
    else if ('noticeId' in signal) this.enqueue(() => this.sendNotice(signal.noticeId));
    else this.enqueue(() => this.sendUnseen());
  }

  close(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.onEnd();
    if (!this.res.writableEnded) this.res.end();
  }

  private enqueue(task: () => Promise<void>): void {
    this.chain = this.chain
      .then(() => (this.ended ? undefined : task()))
      .catch((err: unknown) => this.options.log.warn({ err: (err as Error)?.message, userId: this.userId }, 'notification stream could not send'));
  }

  private async catchUp(): Promise<void> {
    const missed = await this.options.notifications.after(this.userId, this.lastId);
    if (missed.length === 0) return;
    const unseen = await this.options.notifications.unseenCount(this.userId);
    for (const item of missed) this.sendItem(item, unseen);
  }

  private async sendNotice(id: number): Promise<void> {
    if (this.sent.has(id)) return;
    const item = await this.options.notifications.one(this.userId, id);
    if (!item) return;
    this.sendItem(item, await this.options.notifications.unseenCount(this.userId));
  }

  private sendItem(item: NotificationItem, unseen: number): void {
    if (this.sent.has(item.id) || this.ended) return;
    this.sent.add(item.id);
    if (this.sent.size > REMEMBERED_IDS) this.sent.delete(this.sent.values().next().value!);
    this.lastId = Math.max(this.lastId, item.id);
    const data: NotificationEvent = { notification: item, unseen_count: unseen };
    this.write(`id: ${this.lastId}\nevent: notification\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private async sendUnseen(): Promise<void> {
    const data: UnseenEvent = { unseen_count: await this.options.notifications.unseenCount(this.userId) };
    this.write(`event: unseen\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private async beat(): Promise<void> {
    if (!(await this.options.stillSignedIn())) {
      this.write('event: signed-out\ndata: {}\n\n');
      this.close();
      return;
    }
    this.write(': ping\n\n');
  }

  private write(chunk: string): void {
    if (!this.ended && !this.res.writableEnded) this.res.write(chunk);
  }
}
