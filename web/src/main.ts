import './index.css';

/**
 * The entry: nothing but the stylesheet and a start once the browser has painted the page. A page the
 * server rendered is readable before any of the app's code is fetched, parsed or run; the app then
 * hydrates it. A tab opened in the background paints nothing (and runs no animation frame), so it
 * starts at once.
 */
const start = () => void import('./start');
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
