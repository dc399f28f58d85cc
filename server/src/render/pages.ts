import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PageCache } from '../cache/page-cache.ts';
import type { Config } from '../config.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { frontDoor } from '../plugins/front-door.ts';
import type { Guards } from '../plugins/session.ts';
import type { FeedLink } from './document.ts';
import type { PostPreviewLookup } from './link-preview.ts';
import { pageFront } from './page-front.ts';
import { modulePreloads } from './preloads.ts';
import { PageRenderer, type RenderedPage } from './renderer.ts';
import { registerWeb } from './web.ts';

export interface PagesParts {
  config: Config;
  /** The rendered pages kept (a sibling of the feed cache: the same writes drop them). */
  pages: PageCache<RenderedPage>;
  guards: Guards;
  /** The server's front (app.ts builds Fastify with its factory): kept pages are answered there. */
  door: ReturnType<typeof frontDoor>;
  /** The security headers of a page (plugins/security-headers.ts), as Fastify's hook sets them. */
  pageHeaders: Readonly<Record<string, string>>;
  metrics: Metrics | null;
  /** A post's title and picture for link previews in the shell, when a page is not rendered. */
  preview: PostPreviewLookup;
  /** The page's <link rel="alternate">s by its path: its RSS feeds, and with federation on its ActivityPub object. */
  alternates: (urlPath: string) => FeedLink[];
}

/**
 * The web app's pages: the built files, each screen rendered on the server (render/renderer.ts) and
 * kept, and the front that answers a kept page before Fastify sees the request (render/page-front.ts,
 * ADR 0076). Without the cache (FEED_CACHE_MS=0 or RENDER_CACHE_MS=0) nothing is kept and there is no front.
 */
export async function registerPages(app: FastifyInstance, parts: PagesParts): Promise<void> {
  const { config, pages, guards } = parts;
  await registerWeb(app, config.webDistDir, { publicUrl: config.publicUrl, lookup: parts.preview }, (template) =>
    config.render.enabled
      ? PageRenderer.load(app, {
          entryFile: path.join(config.webDistDir, '..', 'dist-ssr', 'entry-server.js'),
          template,
          publicUrl: config.publicUrl,
          cache: pages,
          alternates: parts.alternates,
          preloads: modulePreloads(path.join(config.webDistDir, '.vite', 'manifest.json')),
          identify: (request) => guards.reader(request),
        })
      : Promise.resolve(null),
  );
  if (!pages.enabled || !config.render.enabled) return;
  const underPressure = app.hasDecorator('isUnderPressure') ? () => app.isUnderPressure() : () => false;
  parts.door.open(
    pageFront({
      pages,
      reader: (headers) => guards.keptReader(headers, headers.cookie ? app.parseCookie(headers.cookie) : undefined),
      headers: parts.pageHeaders,
      busy: underPressure,
      metrics: parts.metrics,
    }),
  );
  // While closing, every request goes to Fastify, which answers 503 (return503OnClosing).
  app.addHook('preClose', (done) => {
    parts.door.open(null);
    done();
  });
}
