import './index.css';
import { afterFirstPaint } from './ssr/after-first-paint';

/**
 * The entry: nothing but the stylesheet and a start once the page is shown: its stylesheet, its text
 * and the images in view are in (the load event; lazy images below the fold do not hold it back) and
 * it is painted (ssr/after-first-paint.ts). A page the server rendered is readable before any of the
 * app's code is fetched, parsed or run, and the app's scripts never compete with what the reader sees
 * first; the app then hydrates the page (its links work before that as plain links). A shell (nothing
 * rendered) starts at its load event.
 */
const start = () => {
  // The chunks the server named for this page (server/src/render/preloads.ts, an inert template):
  // fetched side by side from now on, instead of one after the other as each chunk runs.
  const modules = document.getElementById('inkwell-modules');
  if (modules instanceof HTMLTemplateElement) document.head.append(modules.content);
  void import('./start');
};
afterFirstPaint(start, Boolean(document.getElementById('root')?.firstElementChild));
