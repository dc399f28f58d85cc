import { plural } from '@inkwell/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppCore, AppModule, InboundActs } from '../deps.ts';
import { createInkwellFederation } from './federation.ts';
import { forwardFlags } from './forward-flags.ts';
import { federationRoutes } from './federation.routes.ts';
import { createConsoleServers } from './console-servers.ts';
import { consoleServersRoutes } from './console-servers.routes.ts';
import { createDomainBlocks } from './domain-blocks.ts';
import { PostDeliveries } from './post-deliveries.ts';
import { RemoteFollow, remoteFollowRoutes } from './remote-follow.ts';
import { federateThreads } from './thread-notes.ts';
import { federateLikes } from './story-likes.ts';
import { federateMemberFollows } from './member-follows.ts';
import { AccountLookup, fediverseFollowingRoutes } from './following.ts';
import { type ActivityLink, activityLinksFor } from './page-links.ts';

/** What app.ts plugs in (ADR 0067–0071): the module, and what a rendered page announces of itself to the fediverse (its actor or Article), by its path. */
export interface FederationModule extends AppModule {
  pageLinks(urlPath: string): ActivityLink[];
}

/**
 * Fedify's federation for this app as a module: with FEDERATION off, only its two calls under
 * /api/user, answered 404. Its reactions (ADR 0084): a story published, edited or deleted is owed to
 * the writer's followers elsewhere, a deleted account's Delete to its followers there, a member's
 * reply in a thread with accounts elsewhere to those accounts (thread-notes.ts), a like of a story
 * elsewhere to its account (story-likes.ts), the end of a follow asked or ended with an account
 * elsewhere to it (member-follows.ts); each owed in the writing transaction, sent once it committed.
 * What an account elsewhere does to members' posts, comments and follows goes through `acts` (the
 * social services: ADR 0086); `afterWrite` is for what the federation writes itself (stories
 * elsewhere). Every app process works the federation's queue (each message claimed by one) while its
 * jobs run, and hands over the changes a process left owed (each row claimed by one).
 */
export function federationModule(app: FastifyInstance, core: AppCore, acts: InboundActs): FederationModule {
  const { config, database, events } = core;
  // The console's servers work with federation off too: the blocks wait for it to be on.
  const servers = createConsoleServers(core.db, createDomainBlocks(core.db, acts.sever));
  const consoleRoutes = (root: FastifyInstance) => root.register(consoleServersRoutes, { servers, wrote: core.afterWrite, prefix: '/api/mod' });
  if (!config.federation.enabled) {
    return { name: 'federation', api: (api) => api.register(federationApiRoutes, { parts: null }), routes: consoleRoutes, pageLinks: () => [] };
  }
  const federation = createInkwellFederation(config, database, app.log, core.afterWrite, acts);
  const deliveries = new PostDeliveries(database.db, federation, config.publicUrl, app.log);
  const send = () => deliveries.wake();
  events.on('story.published', { owe: (trx, story) => deliveries.owe(trx, { post_id: story.postId, writer_id: story.writerId, kind: 'create' }), start: send });
  events.on('story.changed', { owe: (trx, change) => deliveries.owe(trx, { post_id: change.postId, writer_id: change.writerId, kind: change.kind }), start: send });
  events.on('account.deleting', { owe: (trx, account) => deliveries.oweAccountDeletion(trx, account.userId), start: send });
  federateThreads(events, database, federation, config.publicUrl, deliveries);
  federateLikes(events, database, federation, config.publicUrl, deliveries);
  federateMemberFollows(events, database, federation, config.publicUrl, deliveries);
  forwardFlags(events, database.db, federation, config.publicUrl, deliveries);
  const parts = {
    remoteFollow: new RemoteFollow(federation, database, config.publicUrl, config.federation.lookupTimeoutMs),
    lookup: new AccountLookup(database, federation, config.publicUrl, config.federation.lookupTimeoutMs),
  };
  return {
    name: 'federation',
    api: (api) => api.register(federationApiRoutes, { parts }),
    // WebFinger, NodeInfo, actors, stories and inboxes, handed to Fedify by hand.
    routes: async (root) => {
      await root.register(federationRoutes, { federation, database, publicUrl: config.publicUrl, perHost: config.rateLimits.federationHost });
      await consoleRoutes(root);
    },
    workers: [{ name: 'federation-queue', run: (signal) => federation.startQueue(undefined, { signal }) }],
    jobs: [
      {
        name: 'federation-deliveries',
        everyMs: config.notifications.digestPollMs,
        lease: false,
        atStart: true,
        run: async () => {
          const handed = await deliveries.drain();
          return handed > 0 ? { said: `Handed ${plural(handed, 'change')} to the fediverse` } : {};
        },
      },
    ],
    pageLinks: (urlPath) => activityLinksFor(urlPath, config.publicUrl),
  };
}

/** The federation's calls under /api/user: "Follow from the fediverse" and the look-up of an account elsewhere, answered 404 with FEDERATION off (`parts` null). */
const federationApiRoutes: FastifyPluginAsync<{ parts: { remoteFollow: RemoteFollow; lookup: AccountLookup } | null }> = async (api, { parts }) => {
  await api.register(remoteFollowRoutes, { remoteFollow: parts?.remoteFollow ?? null });
  await api.register(fediverseFollowingRoutes, { lookup: parts?.lookup ?? null });
};
