import { useEffect, useState } from 'react';

/** What a post page's hash points at: `#comment-{id}` or `#reply-{id}` (the notifications' links). */
export interface CommentAnchor {
  kind: 'comment' | 'reply';
  id: number;
  /** The navigation that brought it (the location's key): following the same link again flashes again. */
  key: string;
}

export const commentAnchorId = (kind: CommentAnchor['kind'], id: number) => `${kind}-${id}`;

export function parseCommentAnchor(hash: string, key: string): CommentAnchor | null {
  const match = /^#(comment|reply)-(\d+)$/.exec(hash);
  return match ? { kind: match[1] as CommentAnchor['kind'], id: Number(match[2]), key } : null;
}

export const FLASH_MS = 2_500;

/**
 * Whether the anchored comment or reply is highlighted: for a moment after arriving, then the ring
 * fades (its transition), so the reader sees which one the link meant.
 */
export function useFlash(active: boolean, key: string | undefined): boolean {
  const [flashing, setFlashing] = useState(false);
  useEffect(() => {
    if (!active) return;
    setFlashing(true);
    const timer = setTimeout(() => setFlashing(false), FLASH_MS);
    return () => {
      clearTimeout(timer);
      setFlashing(false);
    };
  }, [active, key]);
  return flashing;
}

/** The look of the highlight: a ring and a tint that fade out. */
export const flashClass = (on: boolean) =>
  `rounded-lg transition duration-1000 ${on ? 'bg-indigo-50 ring-2 ring-indigo-500 dark:bg-indigo-950/40 dark:ring-indigo-400' : 'ring-0 ring-transparent'}`;
