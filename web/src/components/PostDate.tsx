import { formatPostDate } from '@inkwell/contract';
import { useHydrating } from '../lib/use-hydrating';

/**
 * A post's date ('5 March 2026') in the reader's time zone. The server does not know that zone, so it
 * writes the day in UTC, and the browser hydrates the same text (else a reader far from UTC would get
 * a hydration mismatch for a post written near midnight), then writes the reader's own day. A small
 * component of its own: only it renders again once hydrated, not the card around it.
 */
export function PostDate({ value }: { value: string }) {
  const local = !useHydrating();
  return <time dateTime={value}>{formatPostDate(value, local ? 'local' : 'UTC')}</time>;
}
