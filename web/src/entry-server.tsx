/**
 * The server's way in (built by `vite build --ssr` into web/dist-ssr): renders a screen to HTML from
 * the same components the browser hydrates. The router runs the screens' loaders first (each screen's
 * `load`, app/screen.ts, through the server's own API: the transport the server hands in), then React
 * renders the page once, with all of it; what was fetched travels in the page for the browser's first render.
 */
import './lib/zod-config';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Readable } from 'node:stream';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { AppProviders } from './app/providers';
import { createRoutes, handleOf, loadingContext, resolveScreens } from './app/routes';
import type { Screen } from './app/screen';
import { setApiTransport } from './lib/api-client';
import { type FormEcho, unescapeHtml } from '@inkwell/contract';
import { FORM_ECHO_KEY } from './lib/form-echo';
import { RenderReportContext, type RenderReport } from './lib/render-context';
import { RenderedSessionContext } from './lib/session';
import { RenderedAtContext } from './lib/use-now';
import { type PageHead, pageHead } from './ssr/head';
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
  /**
   * The calls the page asked for while rendering that its screens' `load` had not made (their parts
   * show as loading until the app runs): none, for a screen whose `load` is complete.
   */
  missed: string[];
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

/**
 * What the screen rendered for the head (`<title>`, `<meta>`, a preload `<link>` for each high-priority
 * image), which React puts ahead of the markup when it renders no `<head>` of its own. It is taken out
 * of #root (the app's alone): the page's head (server/src/render/document.ts) is written from the
 * title found here and the screen's `head`, and already says noindex and preloads the first image.
 * In the browser React finds these in the head and takes them over.
 */
const LEADING_HOISTABLES = /^(?:<link [^>]*\/>|<meta [^>]*\/>|<title>[^<]*<\/title>)+/;

function splitHoisted(markup: string): { html: string; title: string | null } {
  const hoisted = LEADING_HOISTABLES.exec(markup)?.[0] ?? '';
  const title = [...hoisted.matchAll(/<title>([^<]*)<\/title>/g)].at(-1)?.[1];
  return { html: markup.slice(hoisted.length), title: title === undefined ? null : unescapeHtml(title) };
}

/** The same route tree as the browser's, its loaders handed each page's query cache in the request's context. */
const table = createRoutes(true);
const handler = createStaticHandler(table);

/**
 * The answers of screenAt by path: matching a path against the route table costs ~80 µs (React
 * Router ranks and compiles every route's pattern each time), more than serving a kept page.
 */
const screensAt = new Map<string, Pick<Screen, 'render'> | null>();
const SCREENS_AT_MAX = 10_000;

/** Who the server renders the screen at this path for (app/screen.ts), or null for an address with no screen. */
export async function screenAt(pathname: string): Promise<Pick<Screen, 'render'> | null> {
  const known = screensAt.get(pathname);
  if (known !== undefined) return known;
  const screen = handleOf((await resolveScreens(table, pathname)).at(-1) ?? {}).screen;
  const answer = screen ? { render: screen.render } : null;
  if (screensAt.size >= SCREENS_AT_MAX) screensAt.clear();
  screensAt.set(pathname, answer);
  return answer;
}

/**
 * The whole markup once every part is in (the page is kept and sent whole, compressed). Every
 * Suspense boundary inline, however large (`progressiveChunkSize`): React would otherwise send a big
 * one after the rest with an inline script to put it in place, which the CSP does not run.
 */
async function prerender(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude as Readable) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

export async function render(input: RenderInput): Promise<RenderOutput> {
  const url = new URL(input.url, 'http://inkwell.invalid');
  const viewerId = input.sessionId ?? undefined;
  // A call that failed stays failed (it would otherwise show as loading in the browser's first render).
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false, gcTime: Infinity } } });
  // In the cache, so that it travels in the page's state and the browser hydrates the same form.
  if (input.form) client.setQueryData(FORM_ECHO_KEY, input.form);
  const renderedAt = Date.now();
  return withTransport(input.transport, async () => {
    const context = await handler.query(new Request(url), { requestContext: loadingContext({ client, viewerId, wait: true }) });
    // No loader answers with a redirect of its own.
    if (context instanceof Response) throw new Error(`The router answered ${context.status} for ${input.url}.`);
    const router = createStaticRouter(handler.dataRoutes, context);
    const report: RenderReport = { status: 200 };
    const markup = await prerender(
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
    const missed = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && (query.options as { enabled?: unknown }).enabled !== false)
      .map((query) => query.queryHash);
    const state = dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
    const handles = context.matches.map(({ route }) => handleOf(route));
    const last = context.matches.at(-1);
    const screen = handles.at(-1)?.screen;
    const own = screen?.head && last ? screen.head({ params: last.params, url, client, viewerId }) : null;
    const { html, title } = splitHoisted(markup);
    return {
      status: report.status,
      html,
      head: pageHead(url.pathname, report.status, title, screen?.indexed === true, own),
      state: serializeState(state),
      renderedAt,
      modules: handles.flatMap((handle) => (handle.module ? [handle.module] : [])),
      missed,
    };
  });
}
