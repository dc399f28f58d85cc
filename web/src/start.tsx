/**
 * The app itself, loaded by main.ts once the page is shown (the load event): hydrates a page the server
 * rendered, or renders the screen into the empty shell.
 */
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { type DataRouter, createBrowserRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { App, hydratedQueryClient } from './app/App';
import { createRoutes, loadingContext, resolveScreens } from './app/routes';
import { getSession } from './lib/session';
import { nextTask } from './lib/next-task';
import { renderErrorReports } from './ssr/report-mismatch';
import { STATE_ELEMENT_ID, readState } from './ssr/state';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

const stateElement = document.getElementById(STATE_ELEMENT_ID);
const state = readState(stateElement?.textContent);
const rendered = Boolean(state && root.firstElementChild);

/**
 * The router over the route table, its screens' data asked for beside their code as the reader moves
 * (app/screen.ts) without holding the move back. The screens at this address are loaded first, so the
 * first render shows them at once (and, hydrating, matches the server's HTML); a page the server
 * rendered already holds their data, so their loaders are not run again for it.
 */
async function makeRouter(queryClient: QueryClient): Promise<DataRouter> {
  const table = createRoutes(true);
  const matched = await resolveScreens(table, window.location.pathname);
  const loaded = matched.flatMap((route) => (route.id && route.loader ? [route.id] : []));
  return createBrowserRouter(table, {
    // Each move's loaders get the app's query cache and the reader signed in at that moment.
    getContext: () => loadingContext({ client: queryClient, viewerId: getSession()?.id, wait: false }),
    ...(rendered ? { hydrationData: { loaderData: Object.fromEntries(loaded.map((id) => [id, null])) } } : {}),
  });
}

void (async () => {
  // What the app needs before its first render, each in a task of its own.
  const queryClient = hydratedQueryClient(state ?? undefined);
  await nextTask();
  const router = await makeRouter(queryClient);
  await nextTask();
  if (rendered) {
    // The page's frame first; the parts in <HydrateLater> (the top bar, feed cards, comments, side panels,
    // the post body) after it, as React hydrates Suspense boundaries: later, in slices that yield to input.
    const sessionId = stateElement?.dataset.session ?? '';
    const renderedAt = Number(stateElement?.dataset.renderedAt) || null;
    hydrateRoot(
      root,
      <StrictMode>
        <App renderedSession={sessionId} renderedAt={renderedAt} router={router} queryClient={queryClient} />
      </StrictMode>,
      renderErrorReports(),
    );
  } else {
    createRoot(root, renderErrorReports()).render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  }
})();
