import { createContext, useContext } from 'react';
import { useHydrating } from './use-hydrating';

/**
 * The moment a server-rendered page was rendered at (null for a page built in the browser). The server
 * renders relative times ('5 seconds ago') from it, and the browser hydrates them from it too, so both
 * renders print the same text; once a part is hydrated React renders it again with the real now.
 */
export const RenderedAtContext = createContext<number | null>(null);

/** "Now" for relative times (see RenderedAtContext). */
export function useNow(): Date {
  const renderedAt = useContext(RenderedAtContext);
  const hydrating = useHydrating();
  return hydrating && renderedAt !== null ? new Date(renderedAt) : new Date();
}
