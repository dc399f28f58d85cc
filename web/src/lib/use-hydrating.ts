import { useSyncExternalStore } from 'react';

const never = () => () => undefined;
const inBrowser = () => false;
const onServerOrHydrating = () => true;

/**
 * Whether this render is the server's or the browser's hydration of the server's HTML: React reads a
 * store's server snapshot in both, and renders the component again with the browser's snapshot once
 * it is hydrated. A render in the browser after that (or of a page built there) answers false.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(never, inBrowser, onServerOrHydrating);
}
