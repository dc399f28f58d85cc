/**
 * Dates a writer picks and reads in their own time zone (drafts and scheduled posts): the browser's
 * local time, written the way the rest of the app writes dates (British English).
 */

/** A formatter made on first use: building one costs a phone's browser tens of milliseconds (see formatPostDate). */
function lazyFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => (format ??= new Intl.DateTimeFormat('en-GB', options)).format(date);
}

const dateTime = lazyFormat({ day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const clock = lazyFormat({ hour: '2-digit', minute: '2-digit' });
const day = lazyFormat({ day: 'numeric', month: 'short', year: 'numeric' });

function valid(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '5 January 2026 at 14:30', in local time. */
export function formatDateTime(value: string | Date): string {
  const date = valid(value);
  return date ? dateTime(date) : '';
}

/** '14:30', in local time. */
export function formatClock(value: string | Date): string {
  const date = valid(value);
  return date ? clock(date) : '';
}

/** '5 Jan 2026', in local time. */
export function formatShortDate(value: string | Date): string {
  const date = valid(value);
  return date ? day(date) : '';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a `datetime-local` input holds it: 'YYYY-MM-DDTHH:mm' in local time. */
export function toLocalInputValue(value: string | Date): string {
  const date = valid(value);
  if (!date) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (local time) as an ISO 8601 time in UTC ('…Z'), or null when it is not one. */
export function localInputToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number | undefined];
  const date = new Date(y, mo - 1, d, h, mi, Number.isNaN(s) || s === undefined ? 0 : s);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
