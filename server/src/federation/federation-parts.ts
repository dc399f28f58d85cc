import { plural } from '@inkwell/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { SocialActs } from '../deps.ts';
import type { DomainEventBus } from '../events/domain-events.ts';
import { createInkwellFederation } from './federation.ts';
import { federationRoutes } from './federation.routes.ts';
import { PostDeliveries } from './post-deliveries.ts';
import { RemoteFollow, remoteFollowRoutes } from './remote-follow.ts';
import { federateThreads } from './thread-notes.ts';
import { federateLikes } from './story-likes.ts';
import { federateMemberFollows } from './member-follows.ts';
import { AccountLookup, fediverseFollowingRoutes } from './following.ts';
import { type ActivityLink, activityLinksFor } from './page-links.ts';

/** The job runner, as far as federation uses it (jobs/runner.ts; a feature does not import the composition). */
interface Jobs {
  addWorker(worker: { name: string; run(signal: AbortSignal): Promise<void> }): void;
  add(job: { name: string; everyMs: number; lease: boolean; atStart?: boolean; run(): Promise<{ said?: string }> }): void;
}

/** What app.ts plugs in when FEDERATION is on (ADR 0067–0071). */
export interface FederationParts {
  /** "Follow from the fediverse" on a profile: where the reader's own server takes the follow. */
  remoteFollow: RemoteFollow;
  /** An account of another server looked up by its handle, for the ordinary follow. */
  lookup: AccountLookup;
  /** What a rendered page announces of itself to the fediverse (its actor or Article), by its path. */
  pageLinks(urlPath: string): ActivityLink[];
  /** The queue's worker and the deliveries' job (on every process), and the federation's routes. */
  mount(app: FastifyInstance, jobs: Jobs): Promise<void>;
}

/**
 * Fedify's federation for this app, or null with FEDERATION off. Its reactions (ADR 0084): a story
 * published, edited or deleted is owed to the writer's followers elsewhere, a deleted account's Delete
 * to its followers there, a member's reply in a thread with accounts elsewhere to those accounts
 * (thread-notes.ts), a like of a story elsewhere to its account (story-likes.ts), the end of a
 * follow asked or ended with an account elsewhere to it (member-follows.ts); each owed in the
 * writing transaction, sent once it committed. What an account elsewhere does to members' posts,
 * comments and follows goes through `acts` (the social services: ADR 0086); `wrote` is the app's
 * afterWrite, for what the federation writes itself (stories elsewhere, answers to follows).
 */
export function federationParts(
  app: FastifyInstance,
  config: Config,
  database: Database,
  events: DomainEventBus,
  acts: SocialActs,
  wrote: () => Promise<void>,
): FederationParts | null {
  if (!config.federation.enabled) return null;
  const federation = createInkwellFederation(config, database, app.log, wrote, acts);
  const deliveries = new PostDeliveries(database.db, federation, config.publicUrl, app.log);
  const send = () => deliveries.wake();
  events.on('story.published', { owe: (trx, story) => deliveries.owe(trx, { post_id: story.postId, writer_id: story.writerId, kind: 'create' }), start: send });
  events.on('story.changed', { owe: (trx, change) => deliveries.owe(trx, { post_id: change.postId, writer_id: change.writerId, kind: change.kind }), start: send });
  events.on('account.deleting', { owe: (trx, account) => deliveries.oweAccountDeletion(trx, account.userId), start: send });
  federateThreads(events, database, federation, config.publicUrl, deliveries);
  federateLikes(events, database, federation, config.publicUrl, deliveries);
  federateMemberFollows(events, database, federation, config.publicUrl, deliveries);
  return {
    remoteFollow: new RemoteFollow(federation, database, config.publicUrl, config.federation.lookupTimeoutMs),
    lookup: new AccountLookup(database, federation, config.publicUrl, config.federation.lookupTimeoutMs),
    pageLinks: (urlPath) => activityLinksFor(urlPath, config.publicUrl),
    async mount(server, jobs) {
      // Every app process works the federation's queue (each message claimed by one) while its jobs
      // run, and hands over the changes a process left owed (each row claimed by one).
      jobs.addWorker({ name: 'federation-queue', run: (signal) => federation.startQueue(undefined, { signal }) });
      jobs.add({
        name: 'federation-deliveries',
        everyMs: config.notifications.digestPollMs,
        lease: false,
        atStart: true,
        run: async () => {
          const handed = await deliveries.drain();
          return handed > 0 ? { said: `Handed ${plural(handed, 'change')} to the fediverse` } : {};
        },
      });
      // WebFinger, NodeInfo, actors, stories and inboxes, handed to Fedify by hand.
      await server.register(federationRoutes, { federation, database, publicUrl: config.publicUrl, perHost: config.rateLimits.federationHost });
    },
  };
}

/** The federation's calls under /api/user: "Follow from the fediverse" and the look-up of an account elsewhere, answered 404 with FEDERATION off (`parts` null). */
export const federationApiRoutes: FastifyPluginAsync<{ parts: FederationParts | null }> = async (api, { parts }) => {
  await api.register(remoteFollowRoutes, { remoteFollow: parts?.remoteFollow ?? null });
  await api.register(fediverseFollowingRoutes, { lookup: parts?.lookup ?? null });
};
