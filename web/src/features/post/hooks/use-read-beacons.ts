import { type RefObject, useEffect, useRef } from 'react';

/** One stats beacon: a plain keepalive POST with the same-origin cookies; its answer is not read. */
function send(kind: 'view' | 'read', postId: number): void {
  fetch(`/api/user/stats/${kind}`, { method: 'POST', keepalive: true, headers: { 'Content-Type': 'application/json' }, body: `{"post_id":${postId}}` }).catch(
    () => undefined,
  );
}

/**
 * The writer's numbers (issue 13): a view once the post is shown (a tab opened in the background waits
 * until it is looked at), then a read once the element of the returned ref, after the body, comes into
 * view. No cookie or stored id: the server counts each reader once a day. Effects never run on the
 * server, and the draft preview has no PostPage, so neither sends any.
 */
export function useReadBeacons(postId: number, active: boolean): RefObject<HTMLDivElement | null> {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!active) return;
    let observer: IntersectionObserver | undefined;
    const shown = () => {
      if (document.hidden) return;
      document.removeEventListener('visibilitychange', shown);
      send('view', postId);
      if (!end.current || typeof IntersectionObserver !== 'function') return;
      observer = new IntersectionObserver((entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer?.disconnect();
        send('read', postId);
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
