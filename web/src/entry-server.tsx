/**
 * The server's way in (built by `vite build --ssr` into web/dist-ssr): renders a screen to HTML from
 * the same components the browser hydrates. The data a screen asks for while rendering is fetched
 * through the server's own API (the transport the server hands in) and rendered again, until nothing
 * more is asked; what was fetched travels in the page for the browser's first render.
 */
import './lib/zod-config';
import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { AppProviders } from './app/providers';
import { preloadScreens, routes, screenModules } from './app/routes';
import { setApiTransport } from './lib/api-client';
import type { FormEcho } from '@inkwell/contract';
import { FORM_ECHO_KEY } from './lib/form-echo';
import { RenderReportContext, type RenderReport } from './lib/render-context';
import { RenderedSessionContext } from './lib/session';
import { RenderedAtContext } from './lib/use-now';
import { headFor, type PageHead } from './ssr/head';
import { prefetchFor } from './ssr/prefetch';
import { serializeState } from './ssr/state';

export { setServerSanitizer } from './components/post-html';
export type { PageHead } from './ssr/head';

export interface RenderInput {
  /** Path and query, e.g. /view-post/abc?x=1. */
  url: string;
  /** The signed-in member the page is for, or null for a visitor. */
  sessionId: string | null;
  /** Answers the page's API calls (the server injects them into itself with the caller's cookies). */
  transport: typeof fetch;
  /** A form the server refused (sent before the app's scripts ran): its fields and errors, shown again. */
  form?: FormEcho;
}

export interface RenderOutput {
  status: number;
  /** The markup inside #root. */
  html: string;
  head: PageHead;
  /** JSON of the fetched data (already safe inside a <script type="application/json">). */
  state: string;
  /** The moment relative times were counted from (epoch ms); the browser hydrates with the same. */
  renderedAt: number;
  /** The source files of the screens shown (`src/app/routes/home.tsx`…): the browser will load their chunks. */
  modules: string[];
}

/**
 * Each render's calls go through its own transport. While a store is enabled, Node 20 runs a hook on
 * every promise the process makes (a tax on every request, rendered or not), so it is enabled only
 * while a render runs (`rendering` counts them).
 */
const calls = new AsyncLocalStorage<typeof fetch>();
let rendering = 0;
async function withTransport<T>(transport: typeof fetch, work: () => Promise<T>): Promise<T> {
  rendering += 1;
  try {
    return await calls.run(transport, work);
  } finally {
    rendering -= 1;
    if (rendering === 0) calls.disable();
  }
}
setApiTransport((input, init) => {
  const transport = calls.getStore();
  if (!transport) return Promise.reject(new Error('An API call outside a server render.'));
  return transport(input, init);
});

/** More passes than any screen needs (the top bar, then a page, then what its data names). */
const MAX_PASSES = 4;

/**
 * React's server renderer puts a preload for each high-priority image (`<link rel="preload" as="image">`)
 * ahead of the markup when no <head> of its own is rendered. The page's head already announces that
 * image (server/src/render/document.ts), and #root is the app's alone: they are left out.
 */
const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/;

/** The same route tree as the browser's createBrowserRouter, so both render the same components. */
const handler = createStaticHandler(routes);

export async function render(input: RenderInput): Promise<RenderOutput> {
  const pathname = input.url.split('?')[0] ?? '/';
  await preloadScreens(pathname);
  const context = await handler.query(new Request(new URL(input.url, 'http://inkwell.invalid')));
  // No screen loads data through the router, so it never answers with a redirect of its own.
  if (context instanceof Response) throw new Error(`The router answered ${context.status} for ${input.url}.`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // A call that failed stays failed for the next pass (it would otherwise show as loading again).
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false, gcTime: Infinity } } });
  // In the cache, so that it travels in the page's state and the browser hydrates the same form.
  if (input.form) client.setQueryData(FORM_ECHO_KEY, input.form);
  const asked = new Set<string>();
  let report: RenderReport = { status: 200, title: null };
  let html = '';
  const renderedAt = Date.now();
  await withTransport(input.transport, async () => {
    await prefetchFor(new URL(input.url, 'http://inkwell.invalid'), client, input.sessionId ?? undefined);
    for (let pass = 0; pass < MAX_PASSES; pass += 1) {
      report = { status: 200, title: null };
      html = renderToString(
        <RenderReportContext.Provider value={report}>
          <RenderedSessionContext.Provider value={input.sessionId ?? ''}>
            <RenderedAtContext.Provider value={renderedAt}>
            <AppProviders queryClient={client}>
              {/* hydrate={false}: no inline script (the CSP allows none); the browser needs no router data. */}
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppProviders>
            </RenderedAtContext.Provider>
          </RenderedSessionContext.Provider>
        </RenderReportContext.Provider>,
      );
      const waiting = client
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === 'pending' && (query.options as { enabled?: unknown }).enabled !== false && !asked.has(query.queryHash));
      if (waiting.length === 0) break;
      for (const query of waiting) asked.add(query.queryHash);
      await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
    }
  });
  html = html.replace(LEADING_PRELOADS, '');
  const state = dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
  return { status: report.status, html, head: headFor(pathname, report, client), state: serializeState(state), renderedAt, modules: screenModules(pathname) };
}
