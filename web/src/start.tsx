/**
 * The app itself, loaded by main.ts once the page is shown (the load event): hydrates a page the server
 * rendered, or renders the screen into the empty shell.
 */
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App, hydratedQueryClient } from './app/App';
import { preloadScreens, routes } from './app/routes';
import { nextTask } from './lib/next-task';
import { renderErrorReports } from './ssr/report-mismatch';
import { STATE_ELEMENT_ID, readState } from './ssr/state';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

const stateElement = document.getElementById(STATE_ELEMENT_ID);
const state = readState(stateElement?.textContent);

if (state && root.firstElementChild) {
  // The server rendered this page: load its screens first, so the first render matches its HTML.
  const sessionId = stateElement?.dataset.session ?? '';
  const renderedAt = Number(stateElement?.dataset.renderedAt) || null;
  // The page's frame first; the parts in <HydrateLater> (the top bar, feed cards, comments, side panels,
  // the post body) after it, as React hydrates Suspense boundaries: later, in slices that yield to input.
  void (async () => {
    // What the app needs before its first render, each in a task of its own.
    const queryClient = hydratedQueryClient(state);
    await nextTask();
    const router = createBrowserRouter(routes);
    await nextTask();
    await preloadScreens(window.location.pathname);
    hydrateRoot(
      root,
      <StrictMode>
        <App initialState={state} renderedSession={sessionId} renderedAt={renderedAt} router={router} queryClient={queryClient} />
      </StrictMode>,
      renderErrorReports(),
    );
  })();
} else {
  createRoot(root, renderErrorReports()).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
