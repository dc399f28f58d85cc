import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

const COMMENT_ANCHOR = /^(comment|reply)-\d+$/;

interface PostState {
  loaded: boolean;
  /** Changes whenever the post's data does (a fresh copy may hold the anchored comment). */
  data: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * Arriving at /view-post/{id}#comments (the card's comment icon), #comment-{id} or #reply-{id} (a
 * notification) scrolls there once the post is loaded, once per navigation. A comment or reply not
 * in the cached copy of the post (it came after the copy was fetched) is asked for once more; when it
 * is still not there (deleted since), the comments are shown instead.
 */
export function useScrollToHash({ loaded, data, refetch }: PostState): void {
  const { hash, key } = useLocation();
  const scrolledFor = useRef<string | null>(null);
  const askedFor = useRef<string | null>(null);
  // The navigation whose fresh copy of the post has come (it may equal the cached one).
  const [refetchedFor, setRefetchedFor] = useState<string | null>(null);

  useEffect(() => {
    if (!loaded || !hash || scrolledFor.current === key) return;
    const id = decodeURIComponent(hash.slice(1));
    const target = document.getElementById(id);
    if (target || !COMMENT_ANCHOR.test(id)) {
      target?.scrollIntoView?.();
      scrolledFor.current = key;
      return;
    }
    if (askedFor.current !== key) {
      askedFor.current = key;
      void refetch().finally(() => setRefetchedFor(key));
      return;
    }
    if (refetchedFor !== key) return;
    document.getElementById('comments')?.scrollIntoView?.();
    scrolledFor.current = key;
  }, [loaded, data, refetch, hash, key, refetchedFor]);
}
