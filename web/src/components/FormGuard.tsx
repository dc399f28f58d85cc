import { useState } from 'react';
import { useLocation } from 'react-router';
import { HONEYPOT_FIELD, SHOWN_AT_FIELD } from '@inkwell/contract';

/**
 * The form guard's fields (issue 47, ADR 0098), first inside a sign-up, subscribe or comment form: a honeypot
 * nobody sees (off the screen, out of the tab order, hidden from assistive technology, not autofilled),
 * and, for the plain form sent before the app runs, the time the server rendered it (its own clock,
 * which it reads back; the app leaves the rendered value as it is).
 */
export function FormGuard() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
      <input type="hidden" name={SHOWN_AT_FIELD} value={String(Date.now())} suppressHydrationWarning />
    </div>
  );
}

/** When the app first showed each page (its history entry's key), on the reader's own clock. */
const pageShownAt = new Map<string, number>();

/**
 * What the app sends with a guarded form: its honeypot as it was filled, and how long its page has been
 * open, on the reader's own clock (performance.now, so no clock is ever compared with another). The
 * page the app started on counts from its start, one the app showed later from when it did — never
 * later than a person saw the form (a reply box opened on a post page counts from the page, not from
 * the box), so a person is never taken for a program.
 */
export function useFormGuard(): (form: HTMLFormElement) => { website?: string; filled_ms: number } {
  const { key } = useLocation();
  const [shownAt] = useState(() => {
    if (key === 'default') return 0;
    if (!pageShownAt.has(key)) pageShownAt.set(key, performance.now());
    return pageShownAt.get(key)!;
  });
  return (form) => {
    const field = form.elements.namedItem(HONEYPOT_FIELD);
    const website = field instanceof HTMLInputElement ? field.value : '';
    return { ...(website ? { website } : {}), filled_ms: Math.max(0, Math.round(performance.now() - shownAt)) };
  };
}
