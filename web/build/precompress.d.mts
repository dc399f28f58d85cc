import type { Plugin } from 'vite';

/** Writes file.br (brotli, quality 11) and file.gz (gzip, level 9) beside it, each only when smaller. */
export function precompressFile(file: string): Promise<{ br: number; gz: number; size: number }>;
/** Vite plugin: every compressible file of the browser build gets its .br and .gz (see precompress.mjs). */
export function precompress(): Plugin;
