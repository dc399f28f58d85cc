import type { Plugin } from 'vite';

/** V8's explicit compile hint (see compile-hints.mjs). */
export const COMPILE_HINT: string;
/** Vite plugin: every chunk of the browser build starts with V8's compile hint (see compile-hints.mjs). */
export function compileHints(): Plugin;
