import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { authModule } from './auth/auth.module.ts';
import type { AppCore, AppModule, FeatureDeps } from './deps.ts';
import { federationModule } from './federation/federation.module.ts';
import { publicServerBlocks } from './federation/console-servers.ts';
import { newslettersModule } from './newsletters/newsletters.module.ts';
import { notificationsModule } from './notifications/notifications.module.ts';
import { postsModule } from './posts/posts.plugin.ts';
import { socialModule } from './social/social.plugin.ts';
import { statsModule } from './stats/stats.plugin.ts';
import { usersModule } from './users/users.module.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { registerRateLimits, sweepEndedCounters } from './rate-limit/rate-limit.ts';
import { MailOutbox } from './mail/outbox.ts';
import type { MailTransport } from './mail/transport.ts';
import { registerBodyParsers } from './plugins/bodies.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerCsrfCheck } from './plugins/csrf.ts';
import { recordRoutes } from './plugins/route-table.ts';
import { provideEndpointDeps } from './plugins/endpoint.ts';
import { staffGate } from './plugins/staff.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { trackInFlight } from './plugins/in-flight.ts';
import { registerDropAfterWrite } from './plugins/drop-after-write.ts';
import { registerOverloadGuard } from './plugins/overload.ts';
import { WriteQueue, registerWriteQueue } from './plugins/write-queue.ts';
import { registerProbes } from './plugins/probes.ts';
import { serializerCompiler } from './plugins/serializer.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerMetrics } from './metrics/metrics.ts';
import { countPendingMail } from './mail/outbox.repository.ts';
import { sessionGuards } from './plugins/session.ts';
import { validatorCompiler } from './plugins/validator.ts';
import { registerPages } from './render/pages.ts';
import type { RenderedPage } from './render/renderer.ts';
import { frontDoor } from './plugins/front-door.ts';
import { categoriesPlugin } from './categories/categories.plugin.ts';
import { feedPlugin } from './feed/feed.plugin.ts';
import type { CardRow } from './feed/feed.repository.ts';
import { createFeedService } from './feed/feed.service.ts';
import { CacheClock, PageCache } from './cache/page-cache.ts';
import type { EncodedBody } from './lib/encoded-body.ts';
import { createWriteSignal } from './db/write-signal.ts';
import { searchPlugin } from './search/search.plugin.ts';
import { feedLinksFor } from './seo/feed-links.ts';
import { seoRoutes } from './seo/seo.routes.ts';
import { consoleHelpRoutes, helpPlugin } from './help/help.plugin.ts';
import { moderationModule } from './moderation/moderation.plugin.ts';
import { libraryPlugin } from './library/library.plugin.ts';
import { createHiddenAuthors, createLimitedAuthors } from './social/hidden-authors.ts';
import { createStorage } from './storage/create-storage.ts';
import { createStoredImages } from './storage/stored-images.ts';
import { storagePlugin } from './storage/storage.plugin.ts';
import { leaseGate } from './db/leases.ts';
import { appJobs } from './jobs/app-jobs.ts';
import { JobRunner } from './jobs/runner.ts';
import { DomainEventBus } from './events/domain-events.ts';

export interface AppDeps {
  database: Database;
  mailTransport: MailTransport;
  /** Story mails to newsletter subscribers (a pooled, rate-limited SMTP transport); the mail transport when absent. */
  newsletterTransport?: MailTransport;
  logger?: FastifyServerOptions['logger'];
}

// What buildApp decorates the app and its routes' config with, for tests and plugins: app-decorations.ts.

/** How long a session found stays in memory (any write anywhere drops it sooner; expiry is checked on every call). */
const SESSION_CACHE_MS = 30_000;

/** A feature that is only its calls, made from the feature deps. */
function plain(name: string, plugin: FastifyPluginAsync<FeatureDeps>, deps: FeatureDeps): AppModule {
  return { name, api: (api) => api.register(plugin, deps) };
}

/** The whole app as a Fastify instance. It never listens: main.ts does, tests inject. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  // A number of proxy hops: the nearest n addresses of X-Forwarded-For are proxies.
  const hops = config.trustProxy;
  const trustProxy = typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops;
  // Kept pages are answered in front of Fastify's handler (render/page-front.ts, ADR 0076).
  const door = frontDoor();
  const app = Fastify({ logger: deps.logger ?? false, bodyLimit: 1024 * 1024, return503OnClosing: true, trustProxy, serverFactory: door.serverFactory });
  const { db } = deps.database;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, config.overload);
  trackInFlight(app);
  await registerOverloadGuard(app, config.overload);

  await app.register(cookie);
  await registerBodyParsers(app);
  await registerCompression(app);
  const pageHeaders = registerSecurityHeaders(app, config.storage.publicUrl ? [new URL(config.storage.publicUrl).origin] : []);
  // Per-address limits (`perAddress` routes), counted in Redis or the database: every app server alike.
  const redis = await registerRateLimits(app, config, db);
  registerCsrfCheck(app, config.publicUrl);
  const writeQueue = new WriteQueue(config.writeQueue);
  app.decorate('writeQueue', writeQueue);
  // Before every route, so that each is timed; what the gauges read is made below (read at a scrape).
  const metrics = registerMetrics(app, config.metricsToken, async () => ({
    pool: deps.database.poolStats(),
    connectionWaits: deps.database.connectionWaits,
    writeQueue,
    outboxPending: await countPendingMail(db),
    caches: { feed: feedCache.stats, feed_answers: feedAnswers.stats, pages: renderedPages.stats, hidden_authors: hiddenAuthorsCache.stats },
  }));

  const outbox = new MailOutbox(db, deps.mailTransport, { from: config.mailFrom, ...config.mail }, app.log);
  app.decorate('outbox', outbox);
  app.addHook('onClose', () => outbox.stop());

  // Other app processes' writes drop this one's caches too (nothing to tell when caching is off).
  const writeSignal = config.feedCacheMs > 0 ? createWriteSignal(deps.database, app.log) : null;
  if (writeSignal) app.addHook('onClose', () => writeSignal.stop());
  const feedCache = new PageCache<CardRow[]>(config.feedCacheMs, undefined, new CacheClock(writeSignal ? () => writeSignal.changedElsewhere() : undefined));
  const guards = sessionGuards(deps.database, feedCache.sibling(10_000, config.feedCacheMs > 0 ? SESSION_CACHE_MS : 0));
  recordRoutes(app, guards);
  provideEndpointDeps(app, { guards, rateLimits: config.rateLimits, staff: staffGate(db) });
  app.decorateRequest('auth', null);
  app.decorateRequest('staff', null);
  // What a write says happened, and the modules that react to it, each declaring its own reaction (ADR 0084).
  const events = new DomainEventBus();
  const storage = createStorage(config, app.log);
  const images = createStoredImages(db, storage, { graceMs: config.uploadGraceMs, log: app.log });
  app.decorate('images', images);
  // The sweep stops before the storage lets go of its connections.
  app.addHook('onClose', () => images.stop().then(() => storage.close()));
  const hiddenAuthorsCache = feedCache.sibling<ReadonlySet<number>>(5000);
  const hiddenAuthors = createHiddenAuthors(deps.database, hiddenAuthorsCache);
  const limitedAuthors = createLimitedAuthors(deps.database, hiddenAuthorsCache);
  // Feed answers as bytes, per reader and page (feed/feed.routes.ts), dropped with the pages.
  const feedAnswers = feedCache.sibling<EncodedBody>(config.feedAnswerEntries);
  // Rendered pages live longer than feed pages: a render costs far more than a feed read, and the
  // same writes drop both (with the feed cache off, so are they).
  const renderedPages = feedCache.sibling<RenderedPage>(config.render.cacheEntries, config.feedCacheMs > 0 ? config.render.cacheMs : 0);
  /** After any write, a request's or a job's: the cached pages go, here and in every other app process. */
  const afterWrite = async () => {
    feedCache.invalidate();
    await writeSignal?.announce();
  };
  const core: AppCore = { db, database: deps.database, config, storage, images, feedCache, feedAnswers, hiddenAuthors, limitedAuthors, events, outbox, afterWrite };
  if (deps.newsletterTransport) app.addHook('onClose', () => deps.newsletterTransport?.close?.());

  // The app is its modules (deps.ts AppModule): each brings its calls, its routes, its jobs, and
  // declares its reactions to what a write says happened as it is made.
  const social = socialModule(core);
  const moderation = moderationModule(core, () => publicServerBlocks(core.db));
  const fediverse = federationModule(app, core, { ...social.acts, ...moderation.acts });
  const modules: AppModule[] = [
    authModule(core),
    usersModule(core),
    notificationsModule(app, core, guards),
    postsModule(app, core),
    plain('feed', feedPlugin, core),
    plain('categories', categoriesPlugin, core),
    social,
    plain('search', searchPlugin, core),
    { ...plain('help', helpPlugin, core), routes: (root) => root.register(consoleHelpRoutes, { ...core, prefix: '/api/mod' }) },
    moderation,
    statsModule(app, core),
    plain('library', libraryPlugin, core),
    newslettersModule(app, { db, config, outbox, transport: deps.newsletterTransport ?? deps.mailTransport, events }),
    fediverse,
    { name: 'seo', routes: (root) => root.register(seoRoutes, { database: deps.database, config }) },
  ];

  const jobs = new JobRunner({ gate: (name, everyMs) => leaseGate(db, name, everyMs), log: app.log });
  for (const job of appJobs(config, { outbox, images, sweepRateLimits: redis ? null : () => sweepEndedCounters(db) })) jobs.add(job);
  for (const module of modules) {
    for (const job of module.jobs ?? []) jobs.add(job);
    for (const worker of module.workers ?? []) jobs.addWorker(worker);
  }
  app.decorate('jobs', jobs);
  // Before the mail transport, the storage and the database let go (onClose): no round starts after.
  app.addHook('preClose', () => jobs.stop());
  // A successful write drops the cached pages before its answer leaves (plugins/drop-after-write.ts).
  registerDropAfterWrite(app, afterWrite);
  // Signed-in writes wait for a turn (WRITE_QUEUE_*) before their session is looked up; the turn is
  // given back once the answer is made, after the caches were dropped above (ADR 0077).
  registerWriteQueue(app, writeQueue);
  await app.register(storagePlugin, { storage, publicUrl: config.storage.publicUrl });

  await app.register(
    async (api) => {
      for (const module of modules) await module.api?.(api);
    },
    { prefix: '/api/user' },
  );
  for (const module of modules) await module.routes?.(app);

  // A load balancer's liveness and readiness probes.
  registerProbes(app, { database: deps.database, storage, redis });

  const feedForPreviews = createFeedService(deps.database);
  await registerPages(app, {
    config,
    pages: renderedPages,
    guards,
    door,
    pageHeaders,
    metrics,
    preview: (id) => feedForPreviews.meta(id),
    alternates: (urlPath) => [...feedLinksFor(urlPath, config.publicUrl), ...fediverse.pageLinks(urlPath)],
  });
  return app;
}
