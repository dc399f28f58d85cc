import { createContext, useContext } from 'react';

/**
 * The moment a server-rendered page was rendered at, while the browser hydrates it (null otherwise).
 * Relative times ('5 seconds ago') count from it then, so both renders print the same text; the app
 * clears it right after hydrating and every relative time counts from the real now again.
 */
export const RenderedAtContext = createContext<number | null>(null);

/** "Now" for relative times (see RenderedAtContext). */
export function useNow(): Date {
  const renderedAt = useContext(RenderedAtContext);
  return renderedAt === null ? new Date() : new Date(renderedAt);
}
