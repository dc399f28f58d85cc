// @ts-check

/** A module comes with start when a third of the screens or more import it ... */
const COMMON_SHARE = 1 / 3;
/**
 * ... or when it is small (bytes of its code before minifying: about 0.5 KB gzipped) and three screens
 * or more import it: a chunk of its own would cost a request and a module more than it weighs.
 */
const SMALL = 1536;
const SMALL_SCREENS = 3;
/** What a screen may fetch of a group beyond what it needs, to have what it needs in that one chunk: bytes of code before minifying (about 3.5 KB gzipped). */
const WASTE_MAX = 12_288;

/**
 * @typedef {{ path: string; first: Set<string>; later: Set<string> }} Page
 *   a budgeted page: the modules its screen imports statically beyond start (`first`), and those its
 *   lazy parts may import later (`later`)
 */

/** A group's name from its largest module's file (`FollowButton`). */
function nameOf(/** @type {string[]} */ modules, /** @type {(id: string) => number} */ size) {
  const largest = [...modules].sort((a, b) => size(b) - size(a))[0] ?? 'part';
  return largest.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '');
}

/**
 * Which modules come in which chunk beside start's, so that the budgeted pages (the home page and a
 * post page) ask for few chunks without another screen fetching much it does not use. Answers each
 * group's modules by its name (`start` for what joins start's chunk):
 *
 * - `start`: what most screens import (a third of them or more: a page's title, a post's date and
 *   cover) or what is small and several import (the form echo, the icons of a card), with what those
 *   import when it is no more than twice their size;
 * - `reading`: what a budgeted page loads first that another may need, first or later (the cards and
 *   their actions): one chunk for both;
 * - `with-<page>`: what else a budgeted page loads first that other screens import too.
 *
 * Another screen that would fetch more than WASTE_MAX of a group it does not use to have the few of its
 * modules it needs gets those in a group of their own instead (the smallest such part first, then the
 * group is weighed again): the help page's Follow buttons come in a `FollowButton` chunk that the
 * budgeted pages load as well, rather than the help page fetching every card's code. What no group takes
 * is chunked by the bundler as before.
 *
 * @param {{ screens: Map<string, Set<string>>; pages: Page[]; size: (id: string) => number; closure: (id: string) => Set<string> }} graph
 *   `screens`: every screen's static modules beyond the entry and start, by its path; `closure`: a
 *   module's own static modules beyond the entry and start, itself included
 * @returns {Map<string, Set<string>>}
 */
export function chunkGroups({ screens, pages, size, closure }) {
  const sum = (/** @type {Iterable<string>} */ modules) => [...modules].reduce((total, id) => total + size(id), 0);
  const importers = (/** @type {string} */ id) => [...screens].filter(([, modules]) => modules.has(id)).map(([path]) => path);
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const modules of screens.values()) for (const id of modules) counts.set(id, (counts.get(id) ?? 0) + 1);
  const loadedFirst = new Set(pages.flatMap((page) => [...page.first]));
  const widelyUsed = (/** @type {string} */ id) => {
    const count = counts.get(id) ?? 0;
    return loadedFirst.has(id) && (count >= screens.size * COMMON_SHARE || (count >= SMALL_SCREENS && size(id) < SMALL));
  };

  /** @type {Set<string>} */
  const start = new Set();
  for (const id of counts.keys()) {
    if (!widelyUsed(id)) continue;
    const needs = closure(id);
    if (sum([...needs].filter((module) => !widelyUsed(module))) <= size(id) * 2) for (const module of needs) start.add(module);
  }
  /** @type {Map<string, Set<string>>} */
  const groups = new Map([['start', start]]);

  /** Puts `group` in, short of the parts screens outside `members` would fetch it for (each a group of its own). */
  const place = (/** @type {string} */ name, /** @type {Set<string>} */ group, /** @type {Set<string>} */ members) => {
    for (;;) {
      const total = sum(group);
      const [part] = [...screens]
        .filter(([path]) => !members.has(path))
        .map(([, modules]) => [...group].filter((id) => modules.has(id)))
        .filter((needed) => needed.length > 0 && total - sum(needed) > WASTE_MAX)
        .sort((a, b) => sum(a) - sum(b));
      if (!part) break;
      for (const id of part) group.delete(id);
      groups.set(nameOf(part, size), new Set(part));
    }
    if (group.size > 0) groups.set(name, group);
  };

  const taken = (/** @type {string} */ id) => [...groups.values()].some((group) => group.has(id));
  const budgeted = new Set(pages.map((page) => page.path));
  const needs = (/** @type {Page} */ page) => new Set([...page.first, ...page.later]);
  const reading = pages.flatMap((page) => [...page.first].filter((id) => !taken(id) && pages.some((other) => other !== page && needs(other).has(id))));
  place('reading', new Set(reading), budgeted);
  for (const page of pages) {
    const shared = [...page.first].filter((id) => !taken(id) && importers(id).some((path) => path !== page.path));
    place(`with-${page.path.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '')}`, new Set(shared), new Set([page.path]));
  }
  return groups;
}
