import { options } from 'preact';

/**
 * Preact (which runs the React components, vite.config.ts) mends a page that differs from the
 * server's HTML while it hydrates, without a word outside its debug build. Its hook for that case
 * (`_hydrationMismatch`, `__m` once built, the one preact/debug itself uses) says so here as a
 * console error, which the browser journeys fail on: a mismatch means the two renders disagree.
 */
type MismatchHook = (vnode: { type: unknown }, excess: ReadonlyArray<Element | null> | null) => void;

export function reportHydrationMismatches(): void {
  (options as typeof options & { __m?: MismatchHook }).__m = (vnode, excess) => {
    const expected = typeof vnode.type === 'string' ? vnode.type : 'a component';
    const found = (excess ?? []).map((node) => node?.localName).filter(Boolean).join(', ') || 'nothing';
    console.error(`Hydration mismatch: the server's HTML had ${found} where the page renders <${expected}>.`);
  };
}
