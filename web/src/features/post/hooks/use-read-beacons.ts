import { type RefObject, useEffect, useRef } from 'react';
import type { Endpoint } from '@inkwell/contract/endpoints';
import * as endpoints from '@inkwell/contract/calls';
import { getSession } from '../../../lib/session';

/** One beacon: a plain keepalive POST with the same-origin cookies; its answer is not read. */
function send(endpoint: Endpoint, body: object): void {
  fetch(endpoint.path, { method: endpoint.method, keepalive: true, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).catch(() => undefined);
}

/**
 * The writer's numbers (issue 13): a view once the post is shown (a tab opened in the background waits
 * until it is looked at), then a read once the element of the returned ref, after the body, comes into
 * view. No cookie or stored id: the server counts each reader once a day. With the view, a signed-in
 * reader's (the readable `id` cookie) `history/add`: the server keeps it only if their reading history
 * is on (issue 13). Effects never run on the server, and the draft preview has no PostPage, so neither
 * sends any.
 */
export function useReadBeacons(postId: number, active: boolean): RefObject<HTMLDivElement | null> {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!active) return;
    let observer: IntersectionObserver | undefined;
    const shown = () => {
      if (document.hidden) return;
      document.removeEventListener('visibilitychange', shown);
      send(endpoints.statsView, { post_id: postId });
      const session = getSession();
      if (session) send(endpoints.historyAdd, { user_id: Number(session.id), post_id: postId });
      if (!end.current || typeof IntersectionObserver !== 'function') return;
      observer = new IntersectionObserver((entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer?.disconnect();
        send(endpoints.statsRead, { post_id: postId });
      });
      observer.observe(end.current);
    };
    document.addEventListener('visibilitychange', shown);
    shown();
    return () => {
      document.removeEventListener('visibilitychange', shown);
      observer?.disconnect();
    };
  }, [postId, active]);
  return end;
}
