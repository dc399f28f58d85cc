/** The results page's word matching, marks and snippets: shared with the personal library (lib/search-text.ts). */
export * from '../lib/search-text';
