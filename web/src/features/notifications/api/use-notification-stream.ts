import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '../../../lib/api-client';
import { withSchemas } from '../../../lib/load-schemas';
import { clearSession, getSession } from '../../../lib/session';
import { addNotification, setUnseenCount, showsUnseenCount } from './notifications-cache';

/** The first wait before connecting again after the server refused the stream, doubled up to the last. */
export const STREAM_RETRY_FIRST_MS = 2_000;
export const STREAM_RETRY_MAX_MS = 60_000;
/** EventSource.CLOSED: the browser gave up on this source and will not reconnect by itself. */
const CLOSED = 2;

function parse(event: Event): unknown {
  try {
    return JSON.parse(String((event as MessageEvent).data));
  } catch {
    return undefined;
  }
}

/**
 * GET /api/user/notifications/stream while signed in (the session cookies go with a same-origin
 * EventSource): a `notification` puts the item first in the cached list, an `unseen` sets the count.
 * A dropped connection is taken up again by the browser (sending Last-Event-ID); when the server
 * answered with an error instead (503 under load, 401 after the session ended) the browser gives up,
 * so a new source is opened after 2 s, 4 s, … at most 60 s, asking for what came after the last event
 * seen (`?last_event_id=`). Signing out (userId undefined) or leaving closes it; so does a browser
 * without EventSource, which keeps the list fetched as before.
 */
export function useNotificationStream(userId: string | undefined): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let delay = STREAM_RETRY_FIRST_MS;
    let lastEventId: string | null = null;

    // Checked against the contract's schemas (loaded with the first call, or by the first event that needs them).
    const onNotification = (event: Event) =>
      withSchemas(({ notificationEvent }) => {
        const data = notificationEvent.safeParse(parse(event));
        if (!data.success) return;
        lastEventId = (event as MessageEvent).lastEventId || String(data.data.notification.id);
        addNotification(queryClient, userId, data.data.notification, data.data.unseen_count);
      });
    const onUnseen = (event: Event) => {
      const said = parse(event);
      // The count the stream sends as it opens is mostly the one the page shows: it changes nothing, and
      // zod and the schemas are not fetched for it (a reader's page makes no call before they act).
      if (typeof said === 'object' && said !== null && showsUnseenCount(queryClient, userId, (said as { unseen_count?: unknown }).unseen_count)) return;
      withSchemas(({ unseenEvent }) => {
        const data = unseenEvent.safeParse(said);
        if (data.success) setUnseenCount(queryClient, userId, data.data.unseen_count);
      });
    };

    const connect = () => {
      retryTimer = undefined;
      // The session ended meanwhile (a 401 drops its cookies): tell the app, whose sign-out closes this.
      const session = getSession();
      if (session?.id !== userId) {
        if (!session) clearSession();
        return;
      }
      const base = apiUrl('notifications/stream');
      const current = new EventSource(lastEventId ? `${base}?last_event_id=${encodeURIComponent(lastEventId)}` : base);
      source = current;
      current.addEventListener('open', () => {
        delay = STREAM_RETRY_FIRST_MS;
      });
      current.addEventListener('notification', onNotification);
      current.addEventListener('unseen', onUnseen);
      current.addEventListener('error', () => {
        // CONNECTING: the browser reconnects by itself. CLOSED: it gave up; we try again later.
        if (current.readyState !== CLOSED || source !== current) return;
        current.close();
        source = null;
        retryTimer = setTimeout(connect, delay);
        delay = Math.min(delay * 2, STREAM_RETRY_MAX_MS);
      });
    };

    // Back online while waiting: no need to wait out the rest of the delay.
    const onOnline = () => {
      if (retryTimer === undefined) return;
      clearTimeout(retryTimer);
      connect();
    };

    connect();
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      if (retryTimer !== undefined) clearTimeout(retryTimer);
      source?.close();
      source = null;
    };
  }, [queryClient, userId]);
}
