// @ts-check

/** What the browser needs of a call: how to reach it and which schema checks its answer. */
const KEPT = ['method', 'path', 'answer'];

const IMPORT = /import\s*\*\s*as\s+endpoints\s+from\s*["']@inkwell\/contract\/calls["'];?/;
const OTHER_IMPORT = /(?:import|export)\s[^;]*?from\s*["']@inkwell\/contract\/calls["']|import\(\s*["']@inkwell\/contract\/calls["']/;
const withoutComments = (/** @type {string} */ code) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1');

/**
 * The endpoint table (contract/src/calls.ts) in the built web app, entry by entry: each
 * `endpoints.<name>` of a module that imports `* as endpoints from '@inkwell/contract/calls'` becomes
 * the entry's method, path and answer schema name, written in place, and the import goes. The
 * bundler keeps a module's exports per module, not per chunk: imported as a module, every call any
 * screen makes would sit in every page's first load (1.6 KB gzip of the post page's 150). Another form
 * of import, or `endpoints` used otherwise, fails the build. Dev and tests import the table itself.
 * @param {Record<string, Record<string, unknown>>} calls the table (`import * as calls from '@inkwell/contract/calls'`)
 * @returns {import('vite').Plugin}
 */
export function inlineCalls(calls) {
  return {
    name: 'inkwell:inline-calls',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (id.includes('/contract/src/') || !code.includes('@inkwell/contract/calls')) return null;
      if (!IMPORT.test(withoutComments(code))) {
        if (OTHER_IMPORT.test(withoutComments(code))) this.error(`${id}: import the endpoint table as \`* as endpoints\`, nothing else`);
        return null;
      }
      const out = code.replace(IMPORT, '').replace(/\bendpoints\.([A-Za-z_$][\w$]*)/g, (_match, /** @type {string} */ name) => {
        const entry = calls[name];
        if (!entry) this.error(`${id}: endpoints.${name} is not a call of contract/src/calls.ts`);
        return JSON.stringify(Object.fromEntries(KEPT.filter((key) => key in entry).map((key) => [key, entry[key]])));
      });
      if (/\bendpoints\b/.test(withoutComments(out))) this.error(`${id}: use the endpoint table only as endpoints.<name>`);
      return { code: out, map: null };
    },
  };
}
