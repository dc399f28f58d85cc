import type { Plugin } from 'vite';

/** Vite plugin: each `endpoints.<name>` of the built app written in place as its entry's method, path and answer (see inline-calls.mjs). */
export function inlineCalls(calls: Record<string, Record<string, unknown>>): Plugin;
