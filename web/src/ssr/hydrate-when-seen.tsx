import {
  type ComponentType,
  type HTMLAttributes,
  type LazyExoticComponent,
  type ReactNode,
  Suspense,
  createElement,
  lazy,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useHydrating } from '../lib/use-hydrating';

/**
 * Parts of a rendered page whose code the reader may never need: the end of a story (its "Get new
 * stories by email", Related Posts), far below the first screen. The
 * server renders them with the page, readable, their links and forms working as plain ones; the
 * browser fetches their code only when the reader comes near them (an IntersectionObserver, a screen
 * ahead) or acts in them (a tap, a click, a key, the focus), and then hydrates them. A click that
 * lands on one before its code is in is held and made again once it is hydrated, so none is lost.
 * A part rendered in the browser (a page built there, a move to another page) loads at once.
 *
 * `lazyPart(load)` makes a part's component (a React.lazy whose import waits for the first
 * `<HydrateWhenSeen>` of that part to need it); `<HydrateWhenSeen lazy={…}>` wraps where it shows.
 */
export interface LazyPart<P extends object> {
  /** The part's component: render it inside `<HydrateWhenSeen lazy={this}>`. */
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Lets its code load (once; at once on the server and in a browser without IntersectionObserver). */
  need(): void;
}

/** How far ahead of the screen a part's code is fetched: about a screen. */
const AHEAD = '100% 0px';

/** Whether code may wait for the reader here: a browser that can tell when an element comes into view. */
const canWait = () => typeof window !== 'undefined' && typeof IntersectionObserver === 'function';

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let open: () => void = () => undefined;
  const needed = canWait() ? new Promise<void>((resolve) => (open = resolve)) : Promise.resolve();
  return {
    Component: lazy(async () => {
      await needed;
      return { default: await load() };
    }),
    need: () => open(),
  };
}

/** Events that say the reader acts in a part: its code is fetched at once. */
const ACTS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** Inside the boundary: tells when the part's contents have committed (hydrated or rendered). Renders nothing. */
function PartIn({ onIn }: { onIn: () => void }) {
  useLayoutEffect(onIn, [onIn]);
  return null;
}

/** Clicks on a part before its code is in, made again once it is hydrated. */
class HeldClicks {
  in = false;
  private readonly clicks: MouseEvent[] = [];
  private readonly onIn: () => void;

  constructor(onIn: () => void) {
    this.onIn = onIn;
  }

  hold(click: MouseEvent): void {
    this.clicks.push(click);
  }

  /** The part's contents have committed: the clicks held are made again on what they landed on, which listens now. */
  readonly release = (): void => {
    if (this.in) return;
    this.in = true;
    this.onIn();
    for (const click of this.clicks.splice(0)) {
      if (!(click.target instanceof Element) || !click.target.isConnected) continue;
      const { clientX, clientY, screenX, screenY, button, buttons, detail, altKey, ctrlKey, metaKey, shiftKey } = click;
      click.target.dispatchEvent(
        new MouseEvent('click', {
          bubbles: true,
          cancelable: true,
          composed: true,
          clientX,
          clientY,
          screenX,
          screenY,
          button,
          buttons,
          detail,
          altKey,
          ctrlKey,
          metaKey,
          shiftKey,
        }),
      );
    }
  };
}

type Wrapper = 'div' | 'section' | 'aside';

/** Where a lazy part shows: an element (`as`, with its attributes) around a boundary holding `children`. */
export function HydrateWhenSeen<P extends object>({
  lazy: part,
  as = 'div',
  children,
  ...attributes
}: { lazy: LazyPart<P>; as?: Wrapper; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  const element = useRef<HTMLElement>(null);
  // Whether this began as the server's HTML (hydrating): only then may its code wait for the reader.
  const hydrating = useHydrating();
  const [fromServer] = useState(hydrating);
  const [inside, setInside] = useState(false);
  const [held] = useState(() => new HeldClicks(() => setInside(true)));
  // Until the part is in, its boundary is given the very element it was hydrated with: an update that
  // reached it while its code has not come (a new `children` on the page's next render) would make
  // React drop the server's HTML and show nothing there until the code is in.
  const [first] = useState(children);
  const shown = inside ? children : first;
  const boundary = useMemo(
    () => (
      <Suspense fallback={null}>
        {shown}
        <PartIn onIn={held.release} />
      </Suspense>
    ),
    [shown, held],
  );

  useEffect(() => {
    const node = element.current;
    if (!fromServer || !node || !canWait()) {
      part.need();
      return;
    }
    const inPart = (event: Event) => event.target instanceof Node && node.contains(event.target);
    // On the document, before React's own listeners (on the root), which stop an event on a part they
    // cannot hydrate yet: a click it drops, held here instead and made again once the part is in.
    const acts = (event: Event) => inPart(event) && need();
    const hold = (event: MouseEvent) => {
      if (held.in || !inPart(event)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      held.hold(event);
      need();
    };
    const seen = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && need(), { rootMargin: AHEAD });
    const need = () => {
      stop();
      part.need();
    };
    const stop = () => {
      seen.disconnect();
      for (const type of ACTS) document.removeEventListener(type, acts, true);
    };
    seen.observe(node);
    for (const type of ACTS) document.addEventListener(type, acts, { capture: true, passive: true });
    document.addEventListener('click', hold, true);
    return () => {
      stop();
      document.removeEventListener('click', hold, true);
    };
  }, [fromServer, part, held]);

  return createElement(as, { ...attributes, ref: element }, boundary);
}
