import { useState } from 'react';
import { useLocation } from 'react-router';
import { HONEYPOT_FIELD, SHOWN_AT_FIELD } from '@inkwell/contract';

/**
 * The form guard's fields (issue 47, ADR 0098), first inside a sign-up or subscribe form: a honeypot
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

/**
 * What the app sends with a guarded form: its honeypot as it was filled, and how long the form has been
 * open, on the reader's own clock (performance.now, so no clock is ever compared with another). A form
 * that came with the page counts from the page's start — never later than a person saw it, so a person
 * is never taken for a program; one the app showed later, from when it did.
 */
export function useFormGuard(): (form: HTMLFormElement) => { website?: string; filled_ms: number } {
  const { key } = useLocation();
  const [shownAt] = useState(() => (key === 'default' ? 0 : performance.now()));
  return (form) => {
    const field = form.elements.namedItem(HONEYPOT_FIELD);
    const website = field instanceof HTMLInputElement ? field.value : '';
    return { ...(website ? { website } : {}), filled_ms: Math.max(0, Math.round(performance.now() - shownAt)) };
  };
}
