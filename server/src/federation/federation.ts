import { type Federation, createExponentialBackoffPolicy, createFederation } from '@fedify/fedify';
import { Application, Endpoints, Person, Tombstone } from '@fedify/vocab';
import { DEFAULT_USER_IMAGE, escapeHtml, paths } from '@inkwell/contract';
import { picture } from './pictures.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { isSuspended } from '../db/shared.repository.ts';
import type { InboundActs } from '../deps.ts';
import { INKWELL_VERSION, inkwellUserAgent } from '../lib/user-agent.ts';
import { INSTANCE_ACTOR, actorMember, federatingMember, numericId } from './actor-member.ts';
import { countUsage, findIdByUsername } from './discovery.repository.ts';
import { isDeliveryToBlockedServer } from './domain-blocks.ts';
import { serveFollowers, serveFollowing } from './follows.ts';
import { listenToInboxes } from './inbox.ts';
import { serveArticles } from './articles.ts';
import { serveNotes } from './thread-notes.ts';
import { ActorKeys } from './keys.ts';
import { hasKeyPairs } from './keys.repository.ts';
import { KyselyKvStore } from './kv-store.ts';
import { KyselyMessageQueue } from './message-queue.ts';

/** Where actors live: a member's id (stable when the username changes) or the instance actor. */
export const ACTOR_PATH = '/ap/users/{identifier}';

/** The bio as HTML: escaped text, a paragraph with its line breaks. */
const summary = (bio: string | null) => (bio ? `<p>${escapeHtml(bio).replace(/\r?\n/g, '<br>')}</p>` : null);

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * A message of Fedify's queue as it is handled: a delivery (an `outbox` message) with `headers` over
 * its own, which Fedify sends it with (it gives a delivery no User-Agent of its own: Node's `node`
 * went out); any other message as it is. Done as it is handled, so deliveries queued before still get them.
 */
function deliveredWith(headers: Record<string, string>) {
  return (message: unknown): unknown => {
    if (typeof message !== 'object' || message === null || (message as { type?: unknown }).type !== 'outbox') return message;
    const own = (message as { headers?: unknown }).headers;
    return { ...message, headers: { ...(typeof own === 'object' && own !== null ? own : {}), ...headers } };
  };
}

/**
 * Fedify's federation for this app (ADR 0067, 0068): members with a username as `Person` actors at
 * /ap/users/<id>, WebFinger by username, the instance actor, NodeInfo, follows, likes and boosts
 * from the fediverse (kept through `acts`, the social services a member's request calls: ADR 0086), reports (Flags, to
 * the moderators: ADR 0095), each member's
 * followers and outbox, stories as Articles and members' answers to fediverse replies as Notes. Its store and queue are ours (ADR 0066); the queue is worked by
 * `startQueue`, which app.ts runs with the app's background jobs.
 */
export function createInkwellFederation(config: Config, database: Database, log: Logger, wrote: () => Promise<void>, acts: InboundActs): Federation<void> {
  const { db } = database;
  const keys = new ActorKeys(db);
  const publicUrl = config.publicUrl;
  const host = new URL(publicUrl).host.toLowerCase();
  const userAgent = inkwellUserAgent(publicUrl);
  const federation = createFederation<void>({
    kv: new KyselyKvStore(db),
    // Received activities and deliveries wait here; every app process works it once its jobs start.
    // A delivery to a server the operator blocked after it was queued is dropped, not sent nor retried.
    // Every delivery names Inkwell, as Fedify's own fetches and lookups do (userAgent below).
    queue: new KyselyMessageQueue(database, log, { drop: (message) => isDeliveryToBlockedServer(db, message), prepare: deliveredWith({ 'User-Agent': userAgent }) }),
    manuallyStartQueue: true,
    // A delivery that fails is tried again for about four days: a minute, then twice as long each
    // time up to 12 hours apart, 16 attempts in all.
    outboxRetryPolicy: createExponentialBackoffPolicy({ initialDelay: { minutes: 1 }, maxDelay: { hours: 12 }, maxAttempts: 16 }),
    origin: publicUrl,
    allowPrivateAddress: config.federation.allowPrivateAddress,
    // Fetches of actors, keys and objects (signed or not), WebFinger and NodeInfo lookups.
    userAgent,
  });

  federation
    .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
      if (identifier === INSTANCE_ACTOR) {
        const pairs = await ctx.getActorKeyPairs(identifier);
        return new Application({
          id: ctx.getActorUri(identifier),
          preferredUsername: host,
          name: host,
          url: new URL('/', publicUrl),
          inbox: ctx.getInboxUri(identifier),
          endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
          publicKey: pairs[0]?.cryptographicKey ?? null,
          assertionMethods: pairs.map((pair) => pair.multikey),
        });
      }
      const member = await actorMember(database, identifier);
      // An actor that was (its keys are kept) and is no more, its account deleted: 410 Gone.
      if (!member) return numericId(identifier) !== undefined && (await hasKeyPairs(db, identifier)) ? new Tombstone({ id: ctx.getActorUri(identifier) }) : null;
      // A suspended member (ADR 0096) is said to be, as Mastodon says it (toot:suspended), with nothing
      // more (no keys: it signs nothing while suspended): its peers keep its follows for when it comes
      // back, and show nothing of it meanwhile.
      if (member.deactivated_at && (await isSuspended(db, { userId: member.id }))) {
        return new Person({
          id: ctx.getActorUri(identifier),
          preferredUsername: member.username,
          suspended: true,
          inbox: ctx.getInboxUri(identifier),
          endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        });
      }
      // A deactivated member federates nothing: 410 Gone (deactivation can be undone).
      if (member.deactivated_at) return new Tombstone({ id: ctx.getActorUri(identifier) });
      const pairs = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: member.username,
        name: member.name ?? member.username,
        summary: summary(member.bio),
        icon: picture(member.profile_picture || DEFAULT_USER_IMAGE, publicUrl),
        url: new URL(paths.viewProfile.getHref(member.id), publicUrl),
        inbox: ctx.getInboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        following: ctx.getFollowingUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: pairs[0]?.cryptographicKey ?? null,
        assertionMethods: pairs.map((pair) => pair.multikey),
      });
    })
    .mapHandle(async (_ctx, username) => {
      if (username.toLowerCase() === host) return INSTANCE_ACTOR;
      const id = await findIdByUsername(db, username);
      return id === undefined ? null : String(id);
    })
    // Keys are made only for an actor that exists: never for a number nobody is, nor a deactivated member.
    .setKeyPairsDispatcher(async (_ctx, identifier) => {
      if (identifier === INSTANCE_ACTOR) return keys.pairs(identifier);
      return (await federatingMember(database, identifier)) ? keys.pairs(identifier) : [];
    });

  listenToInboxes(federation, { database, log, wrote, acts });
  serveFollowers(federation, database);
  serveFollowing(federation, database);
  serveArticles(federation, database, publicUrl);
  serveNotes(federation, database);

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async () => {
    const usage = await countUsage(db);
    return {
      software: { name: 'inkwell', version: INKWELL_VERSION },
      protocols: ['activitypub'],
      openRegistrations: true,
      usage: { users: { total: usage.users }, localPosts: usage.posts, localComments: usage.comments },
    };
  });
  return federation;
}
