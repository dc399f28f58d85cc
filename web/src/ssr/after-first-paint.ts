/**
 * Runs `start` once the page is shown: its load event has fired (its stylesheet, its text and the images
 * in view are in) and, for a page the server rendered, its first contentful paint has happened. On a
 * fast connection the load event can come before the first paint; a start then would fetch the app's
 * chunks while the page is not yet painted, and a slow phone would paint it only after them.
 *
 * The paint is known from the Paint Timing API (its entry is reported once the frame is presented); a
 * browser without it starts after `waitMs`. A shell (nothing rendered: nothing to paint before the app
 * runs) and a tab in the background (it paints nothing until shown) start at load.
 */
export function afterFirstPaint(start: () => void, rendered: boolean, waitMs = 2000): void {
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    setTimeout(start, 0);
  };
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  const whenPainted = () => {
    if (!rendered || document.visibilityState === 'hidden' || painted()) return go();
    new PerformanceObserver(() => painted() && go()).observe({ type: 'paint', buffered: true });
    setTimeout(go, waitMs);
  };
  if (document.readyState === 'complete') whenPainted();
  else window.addEventListener('load', whenPainted, { once: true });
}
