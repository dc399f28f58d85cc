import { readFileSync } from 'node:fs';
import { type Federation, createFederation } from '@fedify/fedify';
import { Application, Endpoints, Image, Person, Tombstone } from '@fedify/vocab';
import { DEFAULT_USER_IMAGE, MAX_ID, escapeHtml, paths } from '@inkwell/contract';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { type ActorRow, countUsage, findActorMember, findIdByUsername } from './discovery.repository.ts';
import { ActorKeys } from './keys.ts';
import { KyselyKvStore } from './kv-store.ts';

/** The instance actor's identifier (an Application that signs the server's own fetches). */
export const INSTANCE_ACTOR = 'instance';
/** Where actors live: a member's id (stable when the username changes) or the instance actor. */
export const ACTOR_PATH = '/ap/users/{identifier}';

const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const MEDIA_TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', avif: 'image/avif' };

/** A stored picture's address (`/storage/…`, a bare path, or absolute), absolute on publicUrl, with its media type when its extension tells it. */
function picture(stored: string | null, publicUrl: string): Image {
  const raw = stored || DEFAULT_USER_IMAGE;
  const url = /^https?:\/\//.test(raw) ? new URL(raw) : new URL(raw.startsWith('/') ? raw : `/storage/${raw}`, publicUrl);
  const mediaType = MEDIA_TYPES[/\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase() ?? ''];
  return new Image({ url, ...(mediaType ? { mediaType } : {}) });
}

/** The bio as HTML: escaped text, a paragraph with its line breaks. */
const summary = (bio: string | null) => (bio ? `<p>${escapeHtml(bio).replace(/\r?\n/g, '<br>')}</p>` : null);

/** The member behind a member actor's identifier (digits only), when there is one with a username. */
export async function actorMember(database: Database, identifier: string): Promise<ActorRow | undefined> {
  // Digits of an id the id columns can hold (MAX_ID): a larger number is nobody, on either database.
  if (!/^[1-9]\d{0,9}$/.test(identifier) || Number(identifier) > MAX_ID) return undefined;
  const member = await findActorMember(database.db, Number(identifier));
  return member?.username ? member : undefined;
}

/**
 * Fedify's federation for this app (ADR 0067): members with a username as `Person` actors at
 * /ap/users/<id>, WebFinger by username, the instance actor, NodeInfo, and inboxes without listeners
 * yet. Its store is ours (ADR 0066).
 */
export function createInkwellFederation(config: Config, database: Database): Federation<void> {
  const { db } = database;
  const keys = new ActorKeys(db);
  const publicUrl = config.publicUrl;
  const host = new URL(publicUrl).host.toLowerCase();
  const federation = createFederation<void>({
    kv: new KyselyKvStore(db),
    // No queue yet: nothing is sent, and inboxes have no listener (ADR 0067). KyselyMessageQueue comes
    // with the step that sends and receives activities, its listener started with the app's jobs.
    origin: publicUrl,
    allowPrivateAddress: config.federation.allowPrivateAddress,
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
      if (!member) return null;
      // A deactivated member federates nothing: 410 Gone (deactivation can be undone).
      if (member.deactivated_at) return new Tombstone({ id: ctx.getActorUri(identifier) });
      const pairs = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: member.username,
        name: member.name ?? member.username,
        summary: summary(member.bio),
        icon: picture(member.profile_picture, publicUrl),
        url: new URL(paths.viewProfile.getHref(member.id), publicUrl),
        inbox: ctx.getInboxUri(identifier),
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
      const member = await actorMember(database, identifier);
      return member && !member.deactivated_at ? keys.pairs(identifier) : [];
    });

  // The inbox and shared inbox exist (the actors name them); what they do with activities comes later.
  federation.setInboxListeners('/ap/users/{identifier}/inbox', '/ap/inbox');

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async () => {
    const usage = await countUsage(db);
    return {
      software: { name: 'inkwell', version },
      protocols: ['activitypub'],
      openRegistrations: true,
      usage: { users: { total: usage.users }, localPosts: usage.posts, localComments: usage.comments },
    };
  });
  return federation;
}
