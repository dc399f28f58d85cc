import type { Plugin } from 'vite';
import type { CodeSplittingGroup } from 'rolldown';

/** The app's own chunks: a plugin that walks the module graph, and the code-splitting group it fills (see app-chunk.mjs). */
export function appChunk(modules?: { app?: string; entry?: string; screens?: string; budgeted?: string[] }): { plugin: Plugin; group: CodeSplittingGroup };
