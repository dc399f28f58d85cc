import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { route } from '../plugins/endpoint.ts';
import { createSeoService } from './seo.service.ts';

/**
 * For search engines and feed readers, outside /api and the screens, open to everyone:
 * GET /robots.txt, /sitemap.xml (the index), /sitemap/pages.xml, /sitemap/posts-{n}.xml,
 * /sitemap/people-{n}.xml, /rss.xml, /rss/author/{sqid}.xml, /rss/category/{catogary}.xml.
 * An unknown feed or page is a plain-text 404 (not the web app's not-found page).
 */

/** How long an answer is kept in memory (when the feed cache is on: tests turn both off). */
const ANSWER_CACHE_MS = 5000;
const CACHE_CONTROL = 'public, max-age=300';
const RSS = 'application/rss+xml; charset=utf-8';
const XML = 'application/xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

export interface SeoRoutesOptions {
  database: Database;
  config: Config;
}

export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, { database, config }) => {
  const seo = createSeoService(database, {
    publicUrl: config.publicUrl,
    sitemapPageSize: config.sitemapPageSize,
    cacheMs: config.feedCacheMs > 0 ? ANSWER_CACHE_MS : 0,
  });

  const send = (reply: FastifyReply, type: string, body: string | null) =>
    body === null ? reply.code(404).type(TEXT).send('Not found.\n') : reply.type(type).header('cache-control', CACHE_CONTROL).send(body);

  route(app, 'robots', async (_request, reply) => send(reply, TEXT, seo.robots()));
  route(app, 'rss', async (_request, reply) => send(reply, RSS, await seo.siteFeed()));
  route(app, 'rssAuthor', async (request, reply) => send(reply, RSS, await seo.authorFeed(request.params.sqid!)));
  route(app, 'rssCategory', async (request, reply) => send(reply, RSS, await seo.categoryFeed(request.params.catogary!)));
  route(app, 'sitemap', async (_request, reply) => send(reply, XML, await seo.sitemapIndex()));
  route(app, 'sitemapPages', async (_request, reply) => send(reply, XML, await seo.sitemapPages()));
  route(app, 'sitemapPosts', async (request, reply) => send(reply, XML, await seo.sitemap('posts', request.params.n!)));
  route(app, 'sitemapPeople', async (request, reply) => send(reply, XML, await seo.sitemap('people', request.params.n!)));
};
