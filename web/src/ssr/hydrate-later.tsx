import { type HTMLAttributes, type ReactNode, Suspense, createElement } from 'react';
import { nextTask } from '../lib/next-task';

/**
 * Hydration in steps. Hydrating a whole rendered page is one task of the main thread (~60 ms on a
 * mid-range phone for a feed of 20 cards), long enough to delay a tap and to cost Lighthouse its
 * Total Blocking Time. A part wrapped in <HydrateLater> is skipped by the first pass (its server HTML
 * is kept as it is, already readable) and hydrated in a task of its own afterwards, one part per
 * task, in page order. Only the first hydration defers: a page built in the browser renders at once.
 *
 * How: while the first pass runs, the part's gate suspends (throws a promise); Preact keeps the DOM a
 * suspended component would have claimed and resumes hydrating into it once the promise resolves.
 * It keeps exactly one node, so the gate always renders one element: the wrapper this component is.
 * A part inside another part hydrates with it (its gate only suspends during the first pass).
 */

type Resume = () => void;

let deferring = false;
let hydrating = false;
const waiting: Resume[] = [];
let settled: Promise<void> = Promise.resolve();

/** Runs the first hydration (`hydrate` must render synchronously), then the parts it left, one per task. */
export function hydrateInSteps(hydrate: () => void): Promise<void> {
  let done!: () => void;
  settled = new Promise((resolve) => (done = resolve));
  deferring = true;
  hydrating = true;
  try {
    hydrate();
  } catch (error) {
    hydrating = false;
    throw error;
  } finally {
    deferring = false;
  }
  const step = () => {
    const resume = waiting.shift();
    if (!resume) {
      hydrating = false;
      return done();
    }
    // The part re-renders in this task's microtasks; the next one waits for a new task.
    resume();
    void nextTask().then(step);
  };
  void nextTask().then(step);
  return settled;
}

/** Resolves once every part of the first hydration is hydrated (at once when nothing waits). */
export function whenHydrated(): Promise<void> {
  return settled;
}

/**
 * Whether the first hydration of a page the server rendered is under way: true from hydrateInSteps
 * until its parts are all hydrated. A component rendering then is (most likely) taking over the
 * server's DOM rather than building its own: PostBody keeps the server's cleaned body so.
 */
export function isFirstHydration(): boolean {
  return hydrating;
}

function Gate({ children }: { children: ReactNode }) {
  if (deferring) throw new Promise<void>((resolve) => waiting.push(resolve));
  return children;
}

type Wrapper = 'li' | 'div' | 'aside' | 'section' | 'article' | 'header';

/** An element (`as`, with its attributes) whose contents hydrate in a later task (see above). */
export function HydrateLater({ as = 'div', children, ...attributes }: { as?: Wrapper; children: ReactNode } & HTMLAttributes<HTMLElement> & { [data: `data-${string}`]: unknown }) {
  return (
    <Suspense fallback={null}>
      <Gate>{createElement(as, attributes, children)}</Gate>
    </Suspense>
  );
}
