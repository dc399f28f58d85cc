import './index.css';

/**
 * The entry: nothing but the stylesheet and a start once the browser has painted the page. A page the
 * server rendered is readable before any of the app's code is fetched, parsed or run; the app then
 * hydrates it. A tab opened in the background paints nothing (and runs no animation frame), so it
 * starts at once.
 */
const start = () => {
  // The chunks the server named for this page (server/src/render/preloads.ts, an inert template):
  // fetched side by side from now on, instead of one after the other as each chunk runs.
  const modules = document.getElementById('inkwell-modules');
  if (modules instanceof HTMLTemplateElement) document.head.append(modules.content);
  void import('./start');
};
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
