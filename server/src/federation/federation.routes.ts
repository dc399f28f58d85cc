import type { Federation } from '@fedify/fedify';
import { paths } from '@inkwell/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { route } from '../plugins/endpoint.ts';
import { actorMember, numericId } from './actor-member.ts';
import { isBlockedHost } from './domain-blocks.ts';
import { hostLimit } from './host-limit.ts';
import type { RateLimit } from '../config.ts';

/** The largest activity an inbox takes (Mastodon's own limit is about the same). */
export const INBOX_BODY_LIMIT = 1024 * 1024;
/** The JSON an inbox reads, kept as bytes: its signature is checked over them. */
const ACTIVITY_TYPES = ['application/activity+json', 'application/ld+json', 'application/json'];

/** How deeply an activity's JSON may nest: real ones nest a few levels; JSON-LD's expansion recurses per level (a deep one overflows the stack). */
export const MAX_ACTIVITY_DEPTH = 64;

/** Whether JSON text nests arrays and objects at most `max` deep (brackets inside strings do not count). */
export function nestsWithin(bytes: Buffer, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next byte is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return false;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return true;
}

/** The bytes as a JSON object (an activity is one), or null. */
function jsonObject(bytes: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The id an activity's `actor` names (a string, an object with an id, or the first of a list), or null. */
function actorOf(activity: Record<string, unknown>): string | null {
  const actor = [activity.actor].flat()[0];
  if (typeof actor === 'string') return actor;
  if (typeof actor === 'object' && actor !== null) {
    const id = (actor as Record<string, unknown>).id ?? (actor as Record<string, unknown>)['@id'];
    return typeof id === 'string' ? id : null;
  }
  return null;
}

/** An error of JSON-LD processing (jsonld.js names its own `jsonld.…`; a bad value in a document is a TypeError, SyntaxError or RangeError). */
const isJsonLdError = (err: unknown) =>
  err instanceof Error && (err.name.startsWith('jsonld.') || err instanceof TypeError || err instanceof SyntaxError || err instanceof RangeError);

const answer = (status: number, message: string) => new Response(JSON.stringify({ message }), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
const notFound = () => answer(404, 'Not found.');
const tooMany = (seconds: number) => {
  const response = answer(429, `Too many activities from this server. Please try again in ${seconds} seconds.`);
  response.headers.set('retry-after', String(seconds));
  return response;
};
const seeOther = (to: URL) => new Response(null, { status: 303, headers: { location: to.href, vary: 'Accept' } });

/**
 * The federation's paths (ADR 0067), each a route of ours handed to `federation.fetch()` as a Web
 * Request: the address on publicUrl's origin, the method, the headers, and a POST's body as the bytes
 * received. Not @fedify/fastify, whose hook on every route drains other POSTs' bodies (ADR 0066).
 */
export const federationRoutes: FastifyPluginAsync<{ federation: Federation<void>; database: Database; publicUrl: string; perHost: RateLimit }> = async (
  app,
  { federation, database, publicUrl, perHost },
) => {
  const hosts = hostLimit(app, perHost);
  // In this plugin only: an inbox's body is kept as it came, whatever JSON type it says it is.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(ACTIVITY_TYPES, { parseAs: 'buffer', bodyLimit: INBOX_BODY_LIMIT }, (_request, body, done) => done(null, body));

  /**
   * A browser asking for a story's object goes to the post page (303); for a member's actor to the
   * profile page (303), a deactivated one's is 410, any other 404.
   */
  const onNotAcceptable = async (request: Request): Promise<Response> => {
    const pathname = new URL(request.url).pathname;
    const story = numericId(/^\/ap\/posts\/([^/]+)$/.exec(pathname)?.[1] ?? '');
    if (story !== undefined) return seeOther(new URL(paths.viewPost.getHref(story), publicUrl));
    const id = /^\/ap\/users\/([^/]+)$/.exec(pathname)?.[1];
    const member = id === undefined ? undefined : await actorMember(database, id);
    if (!member) return notFound();
    if (member.deactivated_at) return new Response(null, { status: 410 });
    return seeOther(new URL(paths.viewProfile.getHref(member.id), publicUrl));
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      for (const one of [value].flat()) headers.append(name, one);
    }
    const body = request.method === 'POST' && Buffer.isBuffer(request.body) ? request.body : undefined;
    if (body && !nestsWithin(body, MAX_ACTIVITY_DEPTH)) return send(reply, answer(400, 'The activity nests too deeply.'));
    const activity = body ? jsonObject(body) : null;
    if (body && !activity) return send(reply, answer(400, 'The activity is not a JSON object.'));
    // A blocked server's activity is refused before anything is fetched from it (its signer must be its actor).
    const actor = activity ? actorOf(activity) : null;
    // The host of the activity's actor, when there is one: blocked, limited and counted by it.
    let actorHost: string | null = null;
    if (actor !== null) {
      const url = URL.parse(actor);
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return send(reply, answer(400, 'The activity’s actor is not a web address.'));
      actorHost = url.hostname;
      if (await isBlockedHost(database.db, actorHost)) return send(reply, answer(403, 'This server does not take activities from there.'));
      const wait = hosts.wait(actorHost);
      if (wait > 0) return send(reply, tooMany(wait));
    }
    const webRequest = new Request(new URL(request.url, publicUrl), { method: request.method, headers, ...(body ? { body: body as Uint8Array<ArrayBuffer> } : {}) });
    try {
      const response = await federation.fetch(webRequest, { contextData: undefined, onNotFound: notFound, onNotAcceptable });
      // Verified and taken: it counts against its server's allowance.
      if (actorHost !== null && response.ok) await hosts.taken(request, actorHost);
      return await send(reply, response);
    } catch (err) {
      // Fedify reads a posted activity's JSON-LD (its contexts, its proofs) before it checks who sent
      // it, and throws on a malformed one: the sender's error, not ours.
      if (!body || !isJsonLdError(err)) throw err;
      request.log.info({ err }, 'a malformed activity was refused');
      return send(reply, answer(400, 'The activity is not valid JSON-LD.'));
    }
  };

  /** Writes a Web Response through Fastify's reply. */
  const send = async (reply: FastifyReply, response: Response) => {
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'transfer-encoding') reply.header(name, value);
    });
    return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
  };

  route(app, 'webfinger', handle);
  route(app, 'nodeinfoLinks', handle);
  route(app, 'nodeinfo', handle);
  route(app, 'actor', handle);
  route(app, 'actorFollowers', handle);
  route(app, 'actorFollowing', handle);
  route(app, 'actorOutbox', handle);
  route(app, 'article', handle);
  route(app, 'fediverseNote', handle);
  route(app, 'actorInbox', handle);
  route(app, 'sharedInbox', handle);
};
