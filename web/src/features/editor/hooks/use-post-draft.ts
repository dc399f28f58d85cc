import { useCallback, useEffect, useRef, useState } from 'react';

/** What a draft keeps: everything typed, not the cover file (a browser cannot store one safely). */
export interface DraftFields {
  title: string;
  sub_title: string;
  category_id: string;
  description: string;
}

/** Typing stops for this long before the draft is written (and on leaving the page at once). */
export const DRAFT_SAVE_MS = 500;

const PREFIX = 'inkwell:draft';

/**
 * One local copy per writer and per post: `new` for /createpost until the server holds it as a draft,
 * then `draft-{id}` (its unsaved changes); the post id on /edit-post/{id}.
 */
export function draftKey(userId: string, postId?: number, serverDraftId?: number | null): string {
  if (postId !== undefined) return `${PREFIX}:${userId}:${postId}`;
  return `${PREFIX}:${userId}:${serverDraftId ? `draft-${serverDraftId}` : 'new'}`;
}

export function sameFields(a: DraftFields, b: DraftFields): boolean {
  return a.title === b.title && a.sub_title === b.sub_title && a.category_id === b.category_id && a.description === b.description;
}

export function readDraft(key: string): DraftFields | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<DraftFields> | null;
    if (!value || typeof value !== 'object') return null;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      title: text(value.title),
      sub_title: text(value.sub_title),
      category_id: text(value.category_id),
      description: text(value.description),
    };
  } catch {
    return null;
  }
}

export function writeDraft(key: string, fields: DraftFields): void {
  try {
    window.localStorage.setItem(key, JSON.stringify({ ...fields, saved_at: new Date().toISOString() }));
  } catch {
    // Storage full or blocked (private mode): the form still works, only without the safety net.
  }
}

export function removeDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // as above
  }
}

/** What the form starts with: the saved draft when there is one that differs from base, else base. */
export function startingFields(key: string, base: DraftFields): { fields: DraftFields; restored: boolean } {
  const draft = readDraft(key);
  return draft && !sameFields(draft, base) ? { fields: draft, restored: true } : { fields: base, restored: false };
}

/**
 * Keeps the unsent form in localStorage while the writer types (debounced, and flushed when the page
 * is hidden, closed or left), so a reload or a crash loses nothing. `base` is what the form starts
 * from (empty, the post being edited, or what the server's draft holds): a copy equal to it is no copy.
 * When `key` changes (the server has just created the draft) the copy moves to the new key.
 *
 * Returns whether a restored draft is showing, `discard` (the form goes back to base), `clear`
 * (after sending: remove it and stop saving), `flush` (write or drop it now, e.g. once the server
 * has saved what the form holds) and `moveTo` (the copy's key changes now, before the next render:
 * a page hidden in between must not write the old key again, or a stale copy of a new post stays).
 */
export function usePostDraft(key: string, base: DraftFields, current: DraftFields, initiallyRestored: boolean) {
  const [restored, setRestored] = useState(initiallyRestored);
  const stopped = useRef(false);
  const latest = useRef(current);
  const baseRef = useRef(base);
  const keyRef = useRef(key);
  useEffect(() => {
    latest.current = current;
    baseRef.current = base;
  });

  const save = useCallback(() => {
    if (stopped.current) return;
    if (sameFields(latest.current, baseRef.current)) removeDraft(keyRef.current);
    else writeDraft(keyRef.current, latest.current);
  }, []);

  const moveTo = useCallback(
    (next: string) => {
      if (keyRef.current === next) return;
      removeDraft(keyRef.current);
      keyRef.current = next;
      save();
    },
    [save],
  );
  useEffect(() => moveTo(key), [key, moveTo]);

  const { title, sub_title, category_id, description } = current;
  useEffect(() => {
    if (stopped.current) return;
    const timer = setTimeout(save, DRAFT_SAVE_MS);
    return () => clearTimeout(timer);
  }, [save, title, sub_title, category_id, description]);

  useEffect(() => {
    const flush = () => save();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') save();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      // Leaving the screen inside the app: keep what was typed in the last moments too.
      save();
    };
  }, [save]);

  const discard = useCallback(() => {
    removeDraft(keyRef.current);
    setRestored(false);
  }, []);

  const clear = useCallback(() => {
    stopped.current = true;
    removeDraft(keyRef.current);
    setRestored(false);
  }, []);

  return { restored, discard, clear, flush: save, moveTo };
}
