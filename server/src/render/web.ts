import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { paths } from '@inkwell/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendEncoded } from '../lib/encoded-body.ts';
import type { PageRenderer } from './renderer.ts';
import { sendPage } from './page-front.ts';
import { type SendFormPage, registerFormRoutes } from './forms.ts';
import { registerConsoleForms } from './console-forms.ts';
import { type PostPreviewLookup, postIdFromPath, withLinkPreview } from './link-preview.ts';

/** Paths for programs, not people: the API, and ActivityPub's discovery, actors and NodeInfo (ADR 0067). */
const MACHINE_PATH = /^\/(?:api|\.well-known|ap|nodeinfo)\//;

/** Every screen path of SPEC §2 as a regular expression; anything else is a real 404. */
const screenPatterns = Object.values(paths).map((p) => new RegExp(`^${p.path.replace(/:[a-z]+/gi, '[^/]+').replace(/\//g, '\\/')}\\/?$`));

export function isScreenPath(urlPath: string): boolean {
  return screenPatterns.some((re) => re.test(urlPath));
}

/**
 * A file the app does not have: a script or style of an older build (asked for by a tab opened before
 * a deploy), an icon a browser guesses (`/apple-touch-icon-precomposed.png`), a scanner's probe. It gets
 * a short plain 404 instead of the rendered not-found page, which would cost a render each time and
 * hand HTML to a script or stylesheet.
 */
export function isMissingFile(urlPath: string): boolean {
  return !isScreenPath(urlPath) && (urlPath.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(urlPath));
}

/**
 * Serves the built web app: hashed assets with long immutable caching, index.html for every screen
 * (404 status for unknown paths, so the not-found page is not indexed), JSON 404 under /api.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDistDir: string,
  preview?: { publicUrl: string; lookup: PostPreviewLookup },
  /** Renders screens on the server (null: the web app's server bundle is not built; the shell is served). */
  loadRenderer?: (template: string) => Promise<PageRenderer | null>,
): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = fs.existsSync(indexFile);
  const indexHtml = built ? fs.readFileSync(indexFile, 'utf8') : null;

  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  const sendIndex = (reply: FastifyReply, status: number, html = indexHtml) => reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  const renderer = indexHtml && loadRenderer ? await loadRenderer(indexHtml) : null;

  /** A screen rendered on the server when it can be; otherwise the shell, which the browser fills. */
  async function sendScreen(request: FastifyRequest, reply: FastifyReply, urlPath: string) {
    const known = isScreenPath(urlPath);
    if (renderer) {
      try {
        const page = await renderer.page(request, urlPath, known);
        // Sent compressed when the client accepts it (each form made when it was kept), or 304 for its ETag.
        if (page) return sendPage(request, reply, page);
      } catch (error) {
        request.log.warn({ err: error, url: request.url }, 'server rendering failed: the shell is served');
      }
    }
    const postId = preview ? postIdFromPath(urlPath) : null;
    if (postId !== null && preview) {
      const post = await preview.lookup(postId);
      if (post) return sendIndex(reply, 200, withLinkPreview(indexHtml!, post, preview.publicUrl, urlPath));
    }
    return sendIndex(reply, known ? 200 : 404);
  }

  // Every screen of SPEC §2 is a route of its own: the static handler's catch-all would otherwise
  // look for a file first (a disk lookup per page view), and it refuses the root directory anyway.
  if (indexHtml) {
    for (const { path: screen } of Object.values(paths)) {
      if (app.hasRoute({ method: 'GET', url: screen })) continue;
      app.get(screen, (request, reply) => sendScreen(request, reply, request.url.split('?')[0] ?? '/'));
    }
  }

  // The forms of rendered pages, sent before the app's scripts run. A refused one comes back as its
  // page again, made for this answer only (no-store: it holds what the reader typed).
  if (indexHtml) {
    const sendFormPage: SendFormPage = async (request, reply, url, form, status) => {
      reply.code(status).header('cache-control', 'no-store');
      if (!renderer) return sendIndex(reply, status);
      const page = await renderer.pageWithForm(request, url, form);
      return sendEncoded(request, reply, page.html, 'text/html; charset=utf-8');
    };
    registerFormRoutes(app, sendFormPage);
    registerConsoleForms(app, sendFormPage);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    // Machine paths (the API; federation's, served only with FEDERATION on) answer JSON, never a page.
    if (urlPath === '/api' || MACHINE_PATH.test(urlPath) || !['GET', 'HEAD'].includes(request.method)) {
      return reply.code(404).send({ message: 'Not found.' });
    }
    if (isMissingFile(urlPath)) {
      return reply.code(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send('Not found.');
    }
    if (!indexHtml) {
      return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    return sendScreen(request, reply, urlPath);
  });
}
