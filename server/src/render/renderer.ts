import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PageCache } from '../cache/page-cache.ts';
import { sanitizeForPage } from '../post-html/sanitize.ts';
import type { FormEcho, PageHead } from '@inkwell/contract';
import { type FeedLink, headTags, pageDocument } from './document.ts';
import { EncodedBody } from '../lib/encoded-body.ts';

/** The web app's server entry (web/src/entry-server.tsx, built into web/dist-ssr). */
interface ServerEntry {
  render(input: { url: string; sessionId: string | null; transport: typeof fetch; form?: FormEcho }): Promise<{
    status: number;
    html: string;
    head: PageHead;
    state: string;
    renderedAt: number;
    modules: string[];
    missed: string[];
  }>;
  /** Who the screen at a path is rendered for (each screen says so in its own file), or null: no screen. */
  screenAt(pathname: string): Promise<{ render: 'everyone' | 'members' | 'nobody' } | null>;
  setServerSanitizer(sanitize: (html: string) => string): void;
}

export interface RenderedPage {
  status: number;
  /** The document; a visitor's with its compressed forms made before it is kept (EncodedBody.prepare), a member's with the one its browser takes, made at its first answer. */
  html: EncodedBody;
  /** Made for a member (sent `private`), not for visitors. */
  member: boolean;
  /** The route pattern it answers (`/view-post/:id`; `unmatched` for the not-found page), for /metrics. */
  route: string;
}

/** Where a rendered page is kept: per reader (visitors share one) and address, path and query as sent. */
export const pageKey = (userId: number | null, url: string): string => `${userId ?? 'visitor'} ${url}`;

export interface RendererOptions {
  entryFile: string;
  template: string;
  publicUrl: string;
  /** Rendered pages, kept like the feed pages and dropped by the same writes. */
  cache: PageCache<RenderedPage>;
  /** The page's <link rel="alternate">s by its path: its RSS feeds, and with federation on its ActivityPub object. */
  alternates: (urlPath: string) => FeedLink[];
  /** The modulepreload tags of the screens a page shows (render/preloads.ts). */
  preloads: (modules: readonly string[]) => string;
  /** Who the caller is, from their session cookies (a bad session means a visitor). */
  identify: (request: FastifyRequest) => Promise<number | null>;
}

/** Renders screens to complete HTML through the web app's own components, or says it cannot (null). */
export class PageRenderer {
  private readonly app: FastifyInstance;
  private readonly entry: ServerEntry;
  private readonly options: RendererOptions;

  private constructor(app: FastifyInstance, entry: ServerEntry, options: RendererOptions) {
    this.app = app;
    this.entry = entry;
    this.options = options;
  }

  /** The renderer when the web app's server bundle is built, else null (the shell is served). */
  static async load(app: FastifyInstance, options: RendererOptions): Promise<PageRenderer | null> {
    if (!fs.existsSync(options.entryFile)) return null;
    const entry = (await import(pathToFileURL(options.entryFile).href)) as ServerEntry;
    entry.setServerSanitizer(sanitizeForPage);
    return new PageRenderer(app, entry, options);
  }

  /**
   * Whether the server renders the screen at this path for this reader, as the screen says (a member's
   * own screens stay a shell; an unknown path is rendered: it is the not-found page).
   */
  async renders(urlPath: string, known: boolean, signedIn: boolean): Promise<boolean> {
    if (!known) return true;
    const screen = await this.entry.screenAt(urlPath);
    return screen?.render === 'everyone' || (signedIn && screen?.render === 'members');
  }

  async page(request: FastifyRequest, urlPath: string, known: boolean): Promise<RenderedPage | null> {
    const userId = await this.options.identify(request);
    if (!(await this.renders(urlPath, known, userId !== null))) return null;
    const url = request.url;
    const key = pageKey(userId, url);
    // Past its time (not dropped by a write), a page is still sent while one render refreshes it.
    return this.options.cache.rememberStale(key, () => this.render(request, url, userId));
  }

  /**
   * A page with a refused form's fields and errors in it: made for this answer alone, never kept (it
   * holds what one reader typed). The caller chooses the status.
   */
  async pageWithForm(request: FastifyRequest, url: string, form: FormEcho): Promise<RenderedPage> {
    return this.render(request, url, await this.options.identify(request), form);
  }

  private async render(request: FastifyRequest, url: string, userId: number | null, form?: FormEcho): Promise<RenderedPage> {
    const cookie = request.headers.cookie;
    let failed = 0;
    const transport = (async (input: string | URL | Request, init?: RequestInit) => {
      const answer = await this.app.inject({
        method: (init?.method ?? 'GET') as 'GET' | 'POST',
        url: String(input),
        headers: {
          accept: 'application/json',
          ...(init?.body ? { 'content-type': 'application/json' } : {}),
          ...(userId !== null && cookie ? { cookie } : {}),
        },
        payload: typeof init?.body === 'string' ? init.body : undefined,
      });
      if (answer.statusCode >= 500) failed = answer.statusCode;
      return new Response(answer.statusCode === 204 ? null : answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    }) as typeof fetch;
    const page = await this.entry.render({ url, sessionId: userId === null ? null : String(userId), transport, form });
    // A call the server could not answer (busy): neither kept nor sent; the caller serves the shell.
    if (failed) throw new Error(`A call of the page answered ${failed}.`);
    // Parts left loading until the app runs: a screen's `load` (web/src/app/routes) is missing a call.
    if (page.missed.length > 0) this.app.log.warn({ url, missed: page.missed }, 'a rendered page asked for data its screen had not loaded');
    const urlPath = url.split('?')[0] ?? '/';
    // A page kept out of search (an account elsewhere's profile or story, a draft's preview, a 404) is
    // no member's public page: it announces the site's feed only, not an author's feed nor an actor
    // or Article of ours, which would answer 404.
    const alternates = this.options.alternates(page.head.noindex ? '/' : urlPath);
    const head = [headTags(page.head, this.options.publicUrl, alternates), this.options.preloads(page.modules)].filter(Boolean).join('\n    ');
    const html = pageDocument(this.options.template, { head, html: page.html, state: page.state, session: userId === null ? '' : String(userId), renderedAt: page.renderedAt });
    const route = request.routeOptions.url ?? 'unmatched';
    // A visitor's page is kept and sent to many: both compressed forms are made before it is kept, so
    // the kept pages' front sends either at once. A member's page is theirs alone (one browser, which
    // takes one form) and one with a refused form's fields is sent once: their form is made when sent.
    const body = form || userId !== null ? new EncodedBody(html) : await new EncodedBody(html).prepare();
    return { status: page.status, html: body, member: userId !== null, route };
  }
}
