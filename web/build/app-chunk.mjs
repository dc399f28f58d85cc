// @ts-check

/**
 * Modules the walk below does not take into the app's chunk: the libraries with chunks of their own
 * (vite.config.ts), zod and the contract's schemas (they come with the first API call, as
 * web/src/lib/load-schemas.ts loads them), and what the bundler adds itself.
 */
const LEFT_OUT = [
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|zod)[\\/]/,
  /[\\/]contract[\\/]src[\\/]schemas[\\/]/,
  /^\0/,
];

/**
 * One chunk for the app itself: `start.tsx` and every module it imports statically (the providers,
 * the route table, the API client, the shared helpers, the contract's paths and rules, the icons they
 * draw), leaving out what LEFT_OUT names and what the entry (main.ts) imports, so the entry never
 * imports the app. Every page runs all of them before anything else, yet the bundler cut them into a
 * chunk each, as screens' chunks share them too; each chunk is one more request, one more preload
 * link and one more module to fetch and instantiate on every page, a millisecond or more of a
 * phone's main thread apiece (bench/RESULTS.md).
 *
 * The group takes exactly these modules (`includeDependenciesRecursively: false`: taking their
 * dependencies along would take the entry's too). It cannot make a cycle: what it leaves out never
 * imports what it takes.
 *
 * `appChunk().plugin` walks the module graph once it is built; `appChunk().group` is the group.
 * @param {{ app?: string; entry?: string }} [modules] the app's start module and the entry, relative to web/
 */
export function appChunk({ app = 'src/start.tsx', entry = 'src/main.ts' } = {}) {
  /** @type {Set<string>} */
  const members = new Set();
  /** @type {import('vite').Plugin} */
  const plugin = {
    name: 'inkwell:app-chunk',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    buildEnd() {
      const ids = [...this.getModuleIds()];
      /** The modules a module imports statically, itself included, short of LEFT_OUT. */
      const closure = (/** @type {string} */ path) => {
        const root = ids.find((id) => id.replaceAll('\\', '/').endsWith(`/web/${path}`));
        if (!root) throw new Error(`inkwell:app-chunk: ${path} is not in the build`);
        const found = new Set();
        const stack = [root];
        while (stack.length > 0) {
          const id = /** @type {string} */ (stack.pop());
          if (found.has(id) || LEFT_OUT.some((pattern) => pattern.test(id))) continue;
          found.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return found;
      };
      const entryModules = closure(entry);
      members.clear();
      for (const id of closure(app)) if (!entryModules.has(id)) members.add(id);
    },
  };
  /** @type {import('rolldown').CodeSplittingGroup} */
  const group = { name: 'start', test: (id) => members.has(id), includeDependenciesRecursively: false, priority: 5 };
  return { plugin, group };
}
