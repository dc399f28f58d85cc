import { type HTMLAttributes, type ReactNode, Suspense, createElement, useLayoutEffect, useRef } from 'react';

/**
 * Hydration in steps, as React does it. Hydrating a whole rendered page in one task of the main
 * thread (~240 ms of a mid-range phone's CPU for the home page) delays a tap and costs Lighthouse its
 * Total Blocking Time. A part wrapped in <HydrateLater> is a Suspense boundary: React's first pass
 * over the server's HTML skips it (its HTML stays as it is, already readable) and hydrates it later at
 * a low priority, in slices that yield to input; a part the reader interacts with first is hydrated
 * first, and the event replayed. A page built in the browser renders its parts at once.
 *
 * `whenHydrated()` tells when the first hydration is over: every part that began as the server's HTML
 * has been hydrated (App then marks the page ready for the browser journeys).
 */

let waiting = 0;
const waiters = new Set<() => void>();

function partHydrated(): void {
  waiting -= 1;
  if (waiting > 0) return;
  for (const resolve of waiters) resolve();
  waiters.clear();
}

/** Resolves once no part still waits to hydrate (at once when none does). Called after the root's commit. */
export function whenHydrated(): Promise<void> {
  if (waiting === 0) return Promise.resolve();
  return new Promise((resolve) => waiters.add(resolve));
}

interface Part {
  /** Its contents have committed (hydrated, or rendered in the browser). */
  in: boolean;
  /** Counted in `waiting`. */
  counted: boolean;
}

/** Inside the boundary: its layout effect runs when the part's contents commit. Renders nothing. */
function PartIn({ part }: { part: Part }) {
  useLayoutEffect(() => {
    part.in = true;
    if (part.counted) {
      part.counted = false;
      partHydrated();
    }
  }, [part]);
  return null;
}

type Wrapper = 'li' | 'div' | 'aside' | 'section' | 'article' | 'header';

/** An element (`as`, with its attributes) whose contents hydrate after the page's frame (see above). */
export function HydrateLater({ as = 'div', children, ...attributes }: { as?: Wrapper; children: ReactNode } & HTMLAttributes<HTMLElement> & { [data: `data-${string}`]: unknown }) {
  const part = useRef<Part>({ in: false, counted: false }).current;
  // Outside the boundary: runs with the page's frame; the part waits if its contents have not come in.
  useLayoutEffect(() => {
    if (!part.in) {
      part.counted = true;
      waiting += 1;
    }
    return () => {
      // Gone before it hydrated (the reader moved on): nothing to wait for.
      if (part.counted) {
        part.counted = false;
        partHydrated();
      }
    };
  }, [part]);
  return <Suspense fallback={null}>{createElement(as, attributes, children, <PartIn part={part} />)}</Suspense>;
}
