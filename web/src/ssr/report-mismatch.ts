import type { ErrorInfo } from 'react';
import type { HydrationOptions } from 'react-dom/client';

/**
 * How the app's root says what went wrong while React rendered it, each as one console error with
 * the component stack (the browser journeys fail on console errors).
 *
 * A recoverable error while hydrating is a page whose browser render differs from the server's HTML
 * (a hydration mismatch, React's errors 418 and 425 in production): React throws that part of the
 * server's HTML away and renders it anew. The page still looks right, but the two renders disagree,
 * and the part was rendered twice; so it is said as loudly as an error.
 */
type Reports = Pick<HydrationOptions, 'onRecoverableError' | 'onCaughtError' | 'onUncaughtError'>;

const where = (info: ErrorInfo) => (info.componentStack ? `\n${info.componentStack.trim()}` : '');
const said = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function renderErrorReports(): Reports {
  return {
    onRecoverableError(error, info) {
      const cause = error instanceof Error && error.cause !== undefined ? ` (cause: ${said(error.cause)})` : '';
      console.error(`Hydration mismatch: the server's HTML differs from what the page renders, so React rendered it again: ${said(error)}${cause}${where(info)}`);
    },
    onCaughtError(error, info) {
      console.error(`An error boundary caught: ${said(error)}${where(info)}`);
    },
    onUncaughtError(error, info) {
      console.error(`Uncaught error while rendering: ${said(error)}${where(info)}`);
      // Still an error of the page too (its error event), as React's own default does.
      if (typeof reportError === 'function') reportError(error);
    },
  };
}
