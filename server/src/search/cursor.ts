/** The results page's cursors: shared with the personal library (lib/search-cursor.ts). */
export * from '../lib/search-cursor';
