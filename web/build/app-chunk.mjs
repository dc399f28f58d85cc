// @ts-check

import { chunkGroups } from './chunk-groups.mjs';

/**
 * Modules the walk below does not take into the app's chunks: the libraries with chunks of their own
 * (vite.config.ts), zod and the contract's schemas (they come with the first API call, as
 * web/src/lib/load-schemas.ts loads them), and what the bundler adds itself.
 */
const LEFT_OUT = [/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|zod)[\\/]/, /[\\/]contract[\\/]src[\\/]schemas[\\/]/, /^\0/];

/**
 * What a barrel passes on: a module whose statements only re-export other modules' names (lucide-react's
 * index, with every icon; the contract's index.ts). Each name it exports, with the module and the name
 * there, and the modules it re-exports whole (`export *`); null when the module is not a barrel.
 * @typedef {{ named: Map<string, { source: string; name: string | null }>; stars: string[] }} Barrel
 * @param {import('rolldown').ESTree.Program} program
 * @returns {Barrel | null}
 */
function barrelOf(program) {
  /** @type {Barrel} */
  const barrel = { named: new Map(), stars: [] };
  /** Bindings imported to be exported again (lucide-react's `import * as index …; export { index as icons }`). */
  const imported = new Map();
  const name = (/** @type {{ type: string; name?: string; value?: unknown }} */ node) => String(node.type === 'Identifier' ? node.name : node.value);
  for (const statement of program.body) {
    if (statement.type === 'ExpressionStatement' && statement.directive) continue; // "use strict"
    if (statement.type === 'ImportDeclaration') {
      for (const specifier of statement.specifiers) imported.set(specifier.local.name, statement.source.value);
    } else if (statement.type === 'ExportAllDeclaration' && !statement.exported) {
      barrel.stars.push(statement.source.value);
    } else if (statement.type === 'ExportNamedDeclaration' && !statement.declaration) {
      for (const specifier of statement.specifiers) {
        const local = name(specifier.local);
        const source = statement.source?.value ?? imported.get(local);
        if (source === undefined) return null;
        barrel.named.set(name(specifier.exported), { source, name: statement.source ? local : null });
      }
    } else {
      return null;
    }
  }
  return barrel;
}

/**
 * The names a module takes from another (`import { a, b as c } from`, `export { a } from`), by the
 * specifier it writes; null for a specifier it takes whole (a namespace or a default import).
 * @param {import('rolldown').ESTree.Program} program
 * @returns {Map<string, Set<string> | null>}
 */
function namesTaken(program) {
  /** @type {Map<string, Set<string> | null>} */
  const taken = new Map();
  const add = (/** @type {string} */ source, /** @type {string | null} */ name) => {
    const names = taken.has(source) ? taken.get(source) : new Set();
    if (names === null || names === undefined || name === null) taken.set(source, null);
    else taken.set(source, names.add(name));
  };
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      if (statement.specifiers.length === 0) add(statement.source.value, null);
      for (const specifier of statement.specifiers) {
        if (specifier.type !== 'ImportSpecifier') add(statement.source.value, null);
        else add(statement.source.value, specifier.imported.type === 'Identifier' ? specifier.imported.name : String(specifier.imported.value));
      }
    } else if ((statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportAllDeclaration') && statement.source) {
      if (statement.type === 'ExportAllDeclaration') add(statement.source.value, null);
      else for (const specifier of statement.specifiers) add(statement.source.value, specifier.local.type === 'Identifier' ? specifier.local.name : String(specifier.local.value));
    }
  }
  return taken;
}

/**
 * The app's own chunks: `start.tsx` and every module it imports statically (the providers, the route
 * table, the API client, the shared helpers, the contract's paths and rules, the icons they draw) in
 * one `start` chunk, leaving out what LEFT_OUT names and what the entry (main.ts) imports, so the
 * entry never imports the app. Every page runs all of them before anything else, yet the bundler cut
 * them into a chunk each, as screens' chunks share them too; each chunk is one more request, one more
 * preload link and one more module to fetch and instantiate on every page, a millisecond or more of a
 * phone's main thread apiece (bench/RESULTS.md).
 *
 * Through a barrel (lucide-react's index, the contract's) the walk follows only the names imported
 * from it: all of lucide's icons the app draws anywhere, or the contract's code languages, are not
 * start's.
 *
 * Beside start, the budgeted pages' modules (the home page's and a post page's screens) are put in a
 * few chunks (chunk-groups.mjs: what most screens use joins start, what both pages use comes in
 * `reading`, what else each uses in `with-<screen>`), so that each asks for about ten chunks, not
 * twenty to forty (ADR 0078).
 *
 * Each group takes exactly its modules (`includeDependenciesRecursively: false`: taking their
 * dependencies along would take the entry's too). Start cannot make a cycle: what it leaves out never
 * imports what it takes (what joins it comes with all it imports); scripts/bundle-budget.test.ts
 * checks that no chunk imports itself through others.
 *
 * `appChunk().plugin` walks the module graph once it is built; `appChunk().group` is the group (its
 * name, a function, names each module's chunk).
 * @param {{ app?: string; entry?: string; screens?: string; budgeted?: string[] }} [modules] the app's
 *   start module, the entry, the folder of the screens and the screens of the budgeted pages, relative to web/
 */
export function appChunk({
  app = 'src/start.tsx',
  entry = 'src/main.ts',
  screens = 'src/app/routes/',
  budgeted = ['src/app/routes/home.tsx', 'src/app/routes/view-post.tsx'],
} = {}) {
  /** The group of each module that has one, by the module: filled once the module graph is built. */
  /** @type {Map<string, string>} */
  const groupOf = new Map();
  /** @type {import('vite').Plugin} */
  const plugin = {
    name: 'inkwell:app-chunk',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async buildEnd() {
      const ids = [...this.getModuleIds()];
      const pathOf = (/** @type {string} */ id) => /[\\/]web[\\/](src[\\/].*)$/.exec(id)?.[1]?.replaceAll('\\', '/') ?? null;
      /** @type {Map<string, import('rolldown').ESTree.Program>} */
      const parsed = new Map();
      const programOf = (/** @type {string} */ id) => {
        let program = parsed.get(id);
        if (!program) {
          try {
            program = this.parse(this.getModuleInfo(id)?.code ?? '', { lang: 'js' });
          } catch {
            // Not JavaScript (a stylesheet): it names nothing the walk follows by name.
            program = this.parse('', { lang: 'js' });
          }
          parsed.set(id, program);
        }
        return program;
      };
      /** @type {Map<string, Barrel | null>} */
      const barrels = new Map();
      const barrel = (/** @type {string} */ id) => {
        if (!barrels.has(id)) barrels.set(id, barrelOf(programOf(id)));
        return barrels.get(id) ?? null;
      };
      /** @type {Map<string, Promise<string | null>>} */
      const resolved = new Map();
      const resolve = (/** @type {string} */ source, /** @type {string} */ importer) => {
        const key = `${importer}\0${source}`;
        let id = resolved.get(key);
        if (!id) {
          id = this.resolve(source, importer).then((found) => found?.id ?? null);
          resolved.set(key, id);
        }
        return id;
      };

      /** The modules behind `names` of `id` (through barrels, by name), or `id` itself when it is no barrel. */
      const behind = async (/** @type {string} */ id, /** @type {Set<string> | null} */ names) => {
        const passes = barrel(id);
        if (!passes || names === null) return [id];
        /** @type {string[]} */
        const found = [];
        for (const name of names) {
          const named = passes.named.get(name);
          if (named) {
            const target = await resolve(named.source, id);
            if (target) found.push(...(await behind(target, named.name === null ? null : new Set([named.name]))));
            continue;
          }
          for (const source of passes.stars) {
            const target = await resolve(source, id);
            if (target && this.getModuleInfo(target)?.exports?.includes(name)) {
              found.push(...(await behind(target, new Set([name]))));
              break;
            }
          }
        }
        return found;
      };

      /** The module at a path of web/ (src/start.tsx). */
      const idOf = (/** @type {string} */ path) => {
        const id = ids.find((candidate) => pathOf(candidate) === path);
        if (!id) throw new Error(`inkwell:app-chunk: ${path} is not in the build`);
        return id;
      };
      /** The modules a module imports statically, itself included, short of LEFT_OUT and `short`. */
      const closure = async (/** @type {string} */ root, /** @type {Set<string>} */ short = new Set()) => {
        /** @type {Set<string>} */
        const found = new Set();
        const stack = [root];
        while (stack.length > 0) {
          const id = /** @type {string} */ (stack.pop());
          if (found.has(id) || short.has(id) || LEFT_OUT.some((pattern) => pattern.test(id))) continue;
          found.add(id);
          const info = this.getModuleInfo(id);
          if (!info) continue;
          /** @type {Map<string, Set<string> | null>} */
          const taken = new Map();
          for (const [source, names] of namesTaken(programOf(id))) {
            const target = await resolve(source, id);
            if (target) taken.set(target, names);
          }
          for (const imported of info.importedIds) stack.push(...(await behind(imported, taken.has(imported) ? (taken.get(imported) ?? null) : null)));
        }
        return found;
      };
      /** What the modules may import() later (their lazy parts), with all those import in turn, short of `short`. */
      const later = async (/** @type {Set<string>} */ modules, /** @type {Set<string>} */ short) => {
        /** @type {Set<string>} */
        const found = new Set();
        const stack = [...modules].flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
        while (stack.length > 0) {
          const id = /** @type {string} */ (stack.pop());
          if (found.has(id) || modules.has(id) || short.has(id)) continue;
          for (const module of await closure(id, short)) {
            if (found.has(module) || modules.has(module)) continue;
            found.add(module);
            stack.push(...(this.getModuleInfo(module)?.dynamicallyImportedIds ?? []));
          }
        }
        return found;
      };

      const entryModules = await closure(idOf(entry));
      const start = await closure(idOf(app), entryModules);
      const shared = new Set([...entryModules, ...start]);
      /** Every screen's modules short of the entry's and start's, by the screen's path. */
      /** @type {Map<string, Set<string>>} */
      const screenModules = new Map();
      for (const id of ids) {
        const path = pathOf(id);
        if (path?.startsWith(screens)) screenModules.set(path, await closure(id, shared));
      }
      /** Each module's static modules beyond the entry and start (for what most screens import). */
      /** @type {Map<string, Set<string>>} */
      const firstOf = new Map();
      for (const modules of screenModules.values()) for (const id of modules) if (!firstOf.has(id)) firstOf.set(id, await closure(id, shared));
      const pages = await Promise.all(
        budgeted.map(async (path) => {
          const first = screenModules.get(path) ?? new Set();
          return { path, first, later: await later(first, shared) };
        }),
      );
      const groups = chunkGroups({
        screens: screenModules,
        pages,
        size: (id) => this.getModuleInfo(id)?.code?.length ?? 0,
        closure: (id) => firstOf.get(id) ?? new Set([id]),
      });
      groupOf.clear();
      for (const id of start) groupOf.set(id, 'start');
      for (const [name, modules] of groups) for (const id of modules) groupOf.set(id, name);
    },
  };
  /** @type {import('rolldown').CodeSplittingGroup} */
  const group = { name: (id) => groupOf.get(id) ?? null, includeDependenciesRecursively: false, priority: 5 };
  return { plugin, group };
}
