import type { Plugin } from 'vite';

/** Vite plugin: `.vite/packages.json`, the npm packages of each chunk of the browser build (see chunk-packages.mjs). */
export function chunkPackages(): Plugin;
