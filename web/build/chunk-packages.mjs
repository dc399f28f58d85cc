// @ts-check

/** The npm package a module comes from (its last node_modules folder: a package nested in another counts as itself), or null. */
function packageOf(/** @type {string} */ id) {
  const parts = id.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 1 >= parts.length) return null;
  const name = parts[at + 1] ?? '';
  return name.startsWith('@') ? `${name}/${parts[at + 2] ?? ''}` : name;
}

/**
 * Writes `.vite/packages.json` beside Vite's manifest: for each chunk of the browser build, the npm
 * packages its modules come from, and `.vite/modules.json`: the app's own modules (under web/src) in
 * each. A built file no longer says where its code came from; these do, so
 * scripts/bundle-budget.test.ts can tell which runtime a page loads (React's, never Preact's) and
 * where the app's modules went.
 * In `.vite/`, with the manifest: never served, never compressed.
 * @returns {import('vite').Plugin}
 */
export function chunkPackages() {
  return {
    name: 'inkwell:chunk-packages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      /** @type {Record<string, string[]>} */
      const chunks = {};
      /** @type {Record<string, string[]>} */
      const appModules = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const packages = new Set(output.moduleIds.map(packageOf).filter((name) => name !== null));
        chunks[output.fileName] = [...packages].sort();
        appModules[output.fileName] = output.moduleIds.flatMap((id) => /[\\/]web[\\/](src[\\/].*)$/.exec(id)?.[1]?.replaceAll('\\', '/') ?? []).sort();
      }
      this.emitFile({ type: 'asset', fileName: '.vite/packages.json', source: `${JSON.stringify(chunks, null, 1)}\n` });
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: `${JSON.stringify(appModules, null, 1)}\n` });
    },
  };
}
