import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { authRoutes } from './auth/auth.routes.ts';
import { createAuthService } from './auth/auth.service.ts';
import { createGoogleVerifier } from './auth/google.ts';
import { createPasswordReset } from './auth/password-reset.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { inkwellUserAgent } from './lib/user-agent.ts';
import { registerRateLimits, sweepEndedCounters } from './rate-limit/rate-limit.ts';
import { MailOutbox } from './mail/outbox.ts';
import type { MailTransport } from './mail/transport.ts';
import { NotificationMailer } from './notifications/digest.ts';
import { NotificationHub } from './notifications/live.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { createNotificationsService } from './notifications/notifications.service.ts';
import { PostFanout } from './notifications/post-fanout.ts';
import { createUnsubscribe } from './notifications/unsubscribe.ts';
import { unsubscribeApiRoutes, unsubscribeOneClickRoutes } from './notifications/unsubscribe.routes.ts';
import { registerBodyParsers } from './plugins/bodies.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerCsrfCheck } from './plugins/csrf.ts';
import { recordRoutes } from './plugins/route-table.ts';
import { provideEndpointDeps } from './plugins/endpoint.ts';
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
import { federationApiRoutes, federationParts } from './federation/federation-parts.ts';
import type { CardRow } from './feed/feed.repository.ts';
import { createFeedService } from './feed/feed.service.ts';
import { CacheClock, PageCache } from './cache/page-cache.ts';
import type { EncodedBody } from './lib/encoded-body.ts';
import { createWriteSignal } from './db/write-signal.ts';
import { createDraftsService } from './posts/drafts.service.ts';
import { postsPlugin } from './posts/posts.plugin.ts';
import { ScheduledPosts } from './posts/scheduled.ts';
import { searchPlugin } from './search/search.plugin.ts';
import { feedLinksFor } from './seo/feed-links.ts';
import { seoRoutes } from './seo/seo.routes.ts';
import { helpPlugin } from './help/help.plugin.ts';
import { newsletterOneClickRoutes, newslettersPlugin } from './newsletters/newsletters.plugin.ts';
import { newsletterParts } from './newsletters/newsletter-parts.ts';
import { libraryPlugin } from './library/library.plugin.ts';
import { StatsCleanup } from './stats/cleanup.ts';
import { createStatsService } from './stats/stats.service.ts';
import { statsPlugin } from './stats/stats.plugin.ts';
import { createHiddenAuthors } from './social/hidden-authors.ts';
import { createSocial, socialPlugin } from './social/social.plugin.ts';
import { createStorage } from './storage/create-storage.ts';
import { createStoredImages } from './storage/stored-images.ts';
import { storagePlugin } from './storage/storage.plugin.ts';
import { accountRoutes } from './users/account.routes.ts';
import { exportRoutes } from './users/export.routes.ts';
import { leaseGate } from './db/leases.ts';
import { appJobs } from './jobs/app-jobs.ts';
import { JobRunner } from './jobs/runner.ts';
import { createAccountService } from './users/account.service.ts';
import { usersRoutes } from './users/users.routes.ts';
import { createUsersService } from './users/users.service.ts';
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
  provideEndpointDeps(app, { guards, rateLimits: config.rateLimits });
  app.decorateRequest('auth', null);
  const google = config.googleClientId ? createGoogleVerifier(config.googleClientId, config.googleJwksUrl, inkwellUserAgent(config.publicUrl)) : null;
  const auth = createAuthService({ db, config, outbox, google });
  const passwordReset = createPasswordReset({ db, config, outbox });
  const notifications = createNotificationsService(db);
  const hub = new NotificationHub(deps.database, { pollMs: config.notifications.livePollMs, log: app.log });
  app.decorate('notificationHub', hub);
  // Open streams end before the server closes (it would otherwise wait for them).
  app.addHook('preClose', () => hub.close());
  const unsubscribe = createUnsubscribe(db);
  // What a write says happened, and the modules that react to it, each declaring its own reaction (ADR 0084).
  const events = new DomainEventBus();
  const postFanout = new PostFanout(db, app.log);
  postFanout.reactTo(events);
  app.decorate('postFanout', postFanout);
  // Fan-outs under way finish their batch first (what is left is owed and taken up by the next process).
  app.addHook('onClose', () => postFanout.stop());
  const digestOptions = {
    windowMs: config.notifications.digestMs,
    pollMs: config.notifications.digestPollMs,
    publicUrl: config.publicUrl,
    storagePublicUrl: config.storage.publicUrl,
  };
  const notificationMailer = new NotificationMailer(db, outbox, unsubscribe, digestOptions);
  app.decorate('notificationMailer', notificationMailer);

  const storage = createStorage(config, app.log);
  const images = createStoredImages(db, storage, { graceMs: config.uploadGraceMs, log: app.log });
  const users = createUsersService(db, images);
  const account = createAccountService({ db, config, outbox, images, events });
  app.decorate('images', images);
  // The sweep stops before the storage lets go of its connections.
  app.addHook('onClose', () => images.stop().then(() => storage.close()));
  const hiddenAuthorsCache = feedCache.sibling<ReadonlySet<number>>(5000);
  const hiddenAuthors = createHiddenAuthors(deps.database, hiddenAuthorsCache);
  // Feed answers as bytes, per reader and page (feed/feed.routes.ts), dropped with the pages.
  const feedAnswers = feedCache.sibling<EncodedBody>(config.feedAnswerEntries);
  // Rendered pages live longer than feed pages: a render costs far more than a feed read, and the
  // same writes drop both (with the feed cache off, so are they).
  const renderedPages = feedCache.sibling<RenderedPage>(config.render.cacheEntries, config.feedCacheMs > 0 ? config.render.cacheMs : 0);
  const { newsletters, newsletterSender, importSubscribers, memberSubscriptions } = newsletterParts(app, {
    db,
    config,
    outbox,
    transport: deps.newsletterTransport ?? deps.mailTransport,
    events,
  });
  if (deps.newsletterTransport) app.addHook('onClose', () => deps.newsletterTransport?.close?.());
  const featureDeps = { db, database: deps.database, config, storage, images, feedCache, feedAnswers, hiddenAuthors, events };
  /** After any write, a request's or a job's: the cached pages go, here and in every other app process. */
  const afterWrite = async () => {
    feedCache.invalidate();
    await writeSignal?.announce();
  };
  // One set of social services for a member's calls and for what an account elsewhere does (ADR 0086).
  const social = createSocial(featureDeps, afterWrite);
  // ActivityPub (FEDERATION; ADR 0067–0071): null when off. Its inbox acts through the social services.
  const fediverse = federationParts(app, config, deps.database, events, social.acts, afterWrite);
  // One drafts service: the writer's calls and the scheduler publish through the same one. A scheduled
  // post that went out is a write like any other.
  const drafts = createDraftsService({ db, images, publicUrl: config.publicUrl, events });
  const scheduledPosts = new ScheduledPosts(drafts, afterWrite);
  app.decorate('scheduledPosts', scheduledPosts);
  const statsCleanup = new StatsCleanup(createStatsService(deps.database));
  app.decorate('statsCleanup', statsCleanup);
  const jobs = new JobRunner({ gate: (name, everyMs) => leaseGate(db, name, everyMs), log: app.log });
  const jobParts = {
    outbox,
    digests: notificationMailer,
    stories: postFanout,
    images,
    scheduledPosts,
    statsCleanup,
    forgetUnconfirmed: newsletters.forgetUnconfirmed,
    newsletterSender,
    sweepRateLimits: redis ? null : () => sweepEndedCounters(db),
  };
  for (const job of appJobs(config, jobParts)) jobs.add(job);
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
      await api.register(authRoutes, { auth, passwordReset, config });
      await api.register(usersRoutes, { users, account, fediverse: fediverse && { host: new URL(config.publicUrl).host } });
      await api.register(accountRoutes, { account, config });
      await api.register(notificationsRoutes, { notifications, hub, guards, config });
      await api.register(unsubscribeApiRoutes, { unsubscribe });
      await api.register(postsPlugin, { ...featureDeps, drafts });
      await api.register(feedPlugin, featureDeps);
      await api.register(categoriesPlugin, featureDeps);
      await api.register(socialPlugin, social.services);
      await api.register(searchPlugin, featureDeps);
      await api.register(helpPlugin, featureDeps);
      await api.register(statsPlugin, featureDeps);
      await api.register(libraryPlugin, featureDeps);
      await api.register(exportRoutes, featureDeps);
      await api.register(newslettersPlugin, { newsletters, importSubscribers, memberSubscriptions });
      await api.register(federationApiRoutes, { parts: fediverse });
    },
    { prefix: '/api/user' },
  );

  await app.register(unsubscribeOneClickRoutes, { unsubscribe });
  await app.register(newsletterOneClickRoutes, { newsletters });
  await app.register(seoRoutes, { database: deps.database, config });
  await fediverse?.mount(app, jobs);

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
    alternates: (urlPath) => [...feedLinksFor(urlPath, config.publicUrl), ...(fediverse?.pageLinks(urlPath) ?? [])],
  });
  return app;
}
