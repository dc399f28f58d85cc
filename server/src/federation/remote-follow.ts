import type { Federation } from '@fedify/fedify';
import type { FastifyPluginAsync } from 'fastify';
import { REMOTE_HANDLE_INVALID } from '@inkwell/contract';
import type { Database } from '../db/database.ts';
import { notFound, validationError } from '../lib/errors.ts';
import { route } from '../plugins/endpoint.ts';
import { federatingMember } from './actor-member.ts';
import { webAddress } from './remote-actor.ts';

/** The WebFinger link of a server's "follow from here" page (OStatus's, which Mastodon, Misskey and the rest answer). */
export const SUBSCRIBE_REL = 'http://ostatus.org/schema/1.0/subscribe';

export const REMOTE_FOLLOW_MESSAGES = {
  notFound: 'We could not find that account. Check the handle and try again.',
  onThisSite: 'That account is on this site: sign in and press Follow.',
  noFollowPage: (handle: string) => `Your server does not offer following from another site. Search for ${handle} there and follow from it.`,
} as const;

/**
 * The WebFinger resource a reader's handle names: `acct:you@server` for `@you@server` or
 * `you@server`, the address itself for an http(s) profile address; null for anything else.
 */
export function resourceOf(handle: string): URL | null {
  const text = handle.trim();
  if (/^https?:\/\//i.test(text)) {
    try {
      return new URL(text);
    } catch {
      return null;
    }
  }
  const parts = /^@?([^@\s/?#:]+)@([^@\s/?#\\]+)$/.exec(text);
  if (!parts) return null;
  try {
    // A host as a URL reads it (lower case, a port kept); one it reads otherwise (userinfo, say) is refused.
    const host = new URL(`https://${parts[2]}`).host;
    return host === parts[2]!.toLowerCase() ? new URL(`acct:${parts[1]}@${host}`) : null;
  } catch {
    return null;
  }
}

/** The host a resource of resourceOf names: the server of an `acct:` handle, or the address's host. */
export function hostOf(resource: URL): string {
  return resource.protocol === 'acct:' ? resource.pathname.slice(resource.pathname.lastIndexOf('@') + 1) : resource.host;
}

/**
 * "Follow from the fediverse" on a profile (ADR 0072): the reader's own server is asked, by WebFinger,
 * where its members follow an account of another server (its subscribe template), and the reader is
 * sent there with the member's handle. Fedify makes the request: https for a handle, never to a
 * loopback or private address unless FEDERATION_ALLOW_PRIVATE_ADDRESS (SSRF), a redirect to another
 * scheme refused, FEDERATION_LOOKUP_TIMEOUT_MS at most. Nothing is stored: the follow arrives later as a Follow.
 */
export class RemoteFollow {
  readonly #federation: Federation<void>;
  readonly #database: Database;
  readonly #publicUrl: URL;
  readonly #timeoutMs: number;

  constructor(federation: Federation<void>, database: Database, publicUrl: string, timeoutMs: number) {
    this.#federation = federation;
    this.#database = database;
    this.#publicUrl = new URL(publicUrl);
    this.#timeoutMs = timeoutMs;
  }

  async start(userId: number, handle: string): Promise<{ url: string }> {
    const member = await federatingMember(this.#database, String(userId));
    if (!member?.username) throw notFound();
    const resource = resourceOf(handle);
    if (!resource) throw validationError({ handle: [REMOTE_HANDLE_INVALID] });
    const host = this.#publicUrl.host;
    if (hostOf(resource) === host) throw validationError({ handle: [REMOTE_FOLLOW_MESSAGES.onThisSite] });

    const ctx = this.#federation.createContext(this.#publicUrl);
    const found = await ctx.lookupWebFinger(resource, { signal: AbortSignal.timeout(this.#timeoutMs) }).catch(() => null);
    if (!found) throw validationError({ handle: [REMOTE_FOLLOW_MESSAGES.notFound] });
    const ours = `${member.username}@${host}`;
    const template = (Array.isArray(found.links) ? found.links : []).find((link) => link?.rel === SUBSCRIBE_REL && typeof link.template === 'string')?.template;
    // An http(s) address of a reasonable length once filled: a `javascript:` template is never followed.
    const url = template?.includes('{uri}') ? webAddress(URL.parse(template.replaceAll('{uri}', encodeURIComponent(ours)))) : null;
    if (!url) throw validationError({ handle: [REMOTE_FOLLOW_MESSAGES.noFollowPage(`@${ours}`)] });
    return { url };
  }
}

/** POST /api/user/remote-follow; with FEDERATION off (`remoteFollow` null) nobody is followed from elsewhere: 404. */
export const remoteFollowRoutes: FastifyPluginAsync<{ remoteFollow: RemoteFollow | null }> = async (app, { remoteFollow }) => {
  route(app, 'remoteFollow', async (request) => {
    if (!remoteFollow) throw notFound();
    return remoteFollow.start(request.body.user_id, request.body.handle);
  });
};
