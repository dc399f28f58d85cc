import { vi } from 'vitest';
import type { NotificationItem } from '@inkwell/contract';

/** A notification as the server sends it (seen, from member 30, about post 1); override what a test cares about. */
export function aNotification(overrides: Partial<NotificationItem> = {}): NotificationItem {
  const id = overrides.id ?? 1;
  return {
    id,
    type: 'like',
    message: `Notification ${id}`,
    updated_at: new Date(Date.now() - 120_000).toISOString(),
    seen: true,
    actor: { id: 30, name: 'Bo Reader', profile_picture: 'users/bo.webp' },
    post_id: 1,
    comment_id: null,
    reply_id: null,
    ...overrides,
  };
}

/** jsdom has no EventSource: a stand-in whose instances a test drives (open, events, errors). */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readyState = FakeEventSource.CONNECTING;
  private listeners = new Map<string, Set<(event: Event) => void>>();

  constructor(url: string | URL) {
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: Event) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }

  removeEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.get(type)?.delete(listener);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  private dispatch(event: Event) {
    for (const listener of this.listeners.get(event.type) ?? []) listener(event);
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatch(new Event('open'));
  }

  /** A server-sent event: `event:` type, `data:` JSON, optional `id:`. */
  emit(type: string, data: unknown, id = '') {
    this.dispatch(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }));
  }

  /** The browser will reconnect by itself (CONNECTING), or has given up (CLOSED: the server said non-200). */
  fail(giveUp = true) {
    this.readyState = giveUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.dispatch(new Event('error'));
  }

  get closed() {
    return this.readyState === FakeEventSource.CLOSED;
  }
}

export function mockEventSource() {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return {
    get instances() {
      return FakeEventSource.instances;
    },
    /** The newest source (the one the app listens to now). */
    get latest() {
      const source = FakeEventSource.instances.at(-1);
      if (!source) throw new Error('No EventSource was opened.');
      return source;
    },
  };
}
