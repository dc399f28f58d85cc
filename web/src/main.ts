import './index.css';
import { afterFirstPaint } from './ssr/after-first-paint';
import { nextTask } from './lib/next-task';

/** How many of the page's chunks are asked for in one task: each costs the main thread 1–4 ms (bench/RESULTS.md). */
const PRELOADS_PER_TASK = 8;

/**
 * The chunks the server named for this page (server/src/render/preloads.ts, an inert template): asked
 * for side by side from now on, instead of one after the other as each chunk runs; a few per task.
 */
async function preloadModules(): Promise<void> {
  const modules = document.getElementById('inkwell-modules');
  if (!(modules instanceof HTMLTemplateElement)) return;
  const links = [...modules.content.children];
  for (let from = 0; from < links.length; from += PRELOADS_PER_TASK) {
    if (from > 0) await nextTask();
    document.head.append(...links.slice(from, from + PRELOADS_PER_TASK));
  }
}

/**
 * The entry: nothing but the stylesheet and a start once the page is shown: its stylesheet, its text
 * and the images in view are in (the load event; lazy images below the fold do not hold it back) and
 * it is painted (ssr/after-first-paint.ts). A page the server rendered is readable before any of the
 * app's code is fetched, parsed or run, and the app's scripts never compete with what the reader sees
 * first; the app then hydrates the page (its links work before that as plain links). A shell (nothing
 * rendered) starts at its load event.
 */
const start = () => {
  void preloadModules();
  void import('./start');
};
afterFirstPaint(start, Boolean(document.getElementById('root')?.firstElementChild));
