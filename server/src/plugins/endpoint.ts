import { type Endpoint, type EndpointName, endpoints } from '@inkwell/contract/endpoints';
import * as schemas from '@inkwell/contract/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { ZodObject, ZodType, z } from 'zod';
import { type Owned, requireOwner } from '../access/policy.ts';
import type { Config } from '../config.ts';
import { perAddress } from '../rate-limit/rate-limit.ts';
import type { Guards } from './session.ts';
import type { StaffGate } from './staff.ts';

type Schemas = typeof schemas;
type Entry<K extends EndpointName> = (typeof endpoints)[K];
type Named<N> = N extends keyof Schemas ? (Schemas[N] extends ZodType ? Schemas[N] : never) : never;
/** The parsed value of an entry's schema field (body, query), or nothing when it names none. */
type Parsed<E, F extends string> = E extends Record<F, infer N> ? z.output<Named<N>> : undefined;
/** What a handler may return: the answer its entry names (the serializer writes it), or the reply it sent itself. */
type Answer<E> = E extends { answer: infer N } ? z.input<Named<N>> : unknown;
type FilePart<E, T> = E extends { file: infer F extends string } ? { [P in F]: T } : unknown;

export type CallRequest<K extends EndpointName, FileT = never> = FastifyRequest<{
  Body: Parsed<Entry<K>, 'body'> & FilePart<Entry<K>, FileT>;
  Querystring: Parsed<Entry<K>, 'query'>;
  Params: Record<string, string>;
}>;

type Handler<K extends EndpointName, FileT> = (
  request: CallRequest<K, FileT>,
  reply: FastifyReply,
) => Answer<Entry<K>> | FastifyReply | void | Promise<Answer<Entry<K>> | FastifyReply | void>;

/** How a call is served beyond its entry (the server's own concerns, not the contract's). */
interface Serving {
  /**
   * The handler always sends bytes it encoded itself (lib/encoded-body.ts `sendEncoded`, compressed
   * once for many answers): the route gets no compressor hooks, which would only look and pass.
   */
  encodesItself?: boolean;
}
/** A multipart call's file part: how the parsed part is checked (required or not, what counts as a file). */
type FileServing<K extends EndpointName, FileT> = Entry<K> extends { file: string } ? { file: ZodType<FileT> } : { file?: never };
/** The kinds of the endpoint table's `owns` that name a thing of somebody's (not the caller's account). */
type ThingKind = 'post' | 'draft' | 'comment' | 'story';
/**
 * A call that `owns` a post, draft or comment says how to find the thing its body names: its owner
 * (and a comment's post owner), or undefined when there is none (the handler answers its 404, or a
 * draft save without an id creates one). route() asks the access policy with it before the handler.
 */
type OwnerServing<K extends EndpointName, FileT> =
  Entry<K> extends { owns: ThingKind } ? { owner: (request: CallRequest<K, FileT>) => Promise<Owned | undefined> } : { owner?: never };
type Extra<K extends EndpointName, FileT> = Serving & FileServing<K, FileT> & OwnerServing<K, FileT>;
/** Whether the extra argument must be given: a multipart call's file part, an owned thing's finder. */
type ExtraArgs<K extends EndpointName, FileT> = Entry<K> extends { file: string } | { owns: ThingKind } ? [Extra<K, FileT>] : [Extra<K, FileT>?];

interface EndpointDeps {
  guards: Guards;
  rateLimits: Config['rateLimits'];
  /** The console's gate (plugins/staff.ts): needed by a call with `staff`. */
  staff?: StaffGate;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What `route` needs to guard and limit a call as its entry says (app.ts decorates it once). */
    endpointDeps: EndpointDeps;
  }
}

/** Lets `route` register calls: the guards and the per-address limits they are built with. */
export function provideEndpointDeps(app: FastifyInstance, deps: EndpointDeps): void {
  app.decorate('endpointDeps', deps);
}

const schema = (name: string | undefined): ZodType | undefined => (name === undefined ? undefined : (schemas as unknown as Record<string, ZodType>)[name]);

/**
 * Serves the call `name` exactly as the endpoint table (contract/src/calls.ts) declares it: its
 * method and path (under the plugin's prefix), its guard (`session`: requireSession, 401 and the
 * body's user_id checked; `reader`: the session when there is one; `open`: none), whose the thing it
 * acts on must be (`owns`: the body's post, draft or comment found with `owner` and the access policy
 * asked before the handler runs, so no such call can be registered without the check), its body, query
 * and answer schemas, its per-address limit, its read-only and stream marks, and its success status.
 * The handler is typed from the same entry, so a call is declared once.
 */
export function route<K extends EndpointName, FileT = never>(app: FastifyInstance, name: K, handler: Handler<K, FileT>, ...extra: ExtraArgs<K, FileT>): void {
  const entry: Endpoint = endpoints[name];
  const deps = (): EndpointDeps => {
    if (!app.endpointDeps) throw new Error(`${name}: provideEndpointDeps(app, …) first: the call is guarded or limited`);
    return app.endpointDeps;
  };
  if (!entry.path.startsWith(app.prefix)) throw new Error(`${name}: ${entry.path} is not under ${app.prefix || '/'}`);
  let body = schema(entry.body);
  const serving = extra[0] as (Serving & { file?: ZodType; owner?: (request: FastifyRequest) => Promise<Owned | undefined> }) | undefined;
  const file = serving?.file;
  const owns = entry.owns === 'post' || entry.owns === 'draft' || entry.owns === 'comment' || entry.owns === 'story' ? entry.owns : undefined;
  const owner = serving?.owner;
  if (owns && !owner) throw new Error(`${name}: it owns a ${owns}: route needs the owner of the thing its body names`);
  const ownerCheck =
    owns && owner
      ? async (request: FastifyRequest) => {
          const thing = await owner(request);
          if (thing) requireOwner(owns, request.auth!, thing, entry.readOnly === true);
        }
      : undefined;
  if (entry.file) {
    if (!file || !body) throw new Error(`${name}: a multipart call needs its file part's schema`);
    body = (body as ZodObject).safeExtend({ [entry.file]: file });
  }
  const answer = schema(entry.answer);
  const status = entry.status ?? 200;
  const limitName = entry.rateLimit as keyof EndpointDeps['rateLimits'] | undefined;
  const limit = limitName === undefined ? {} : perAddress(deps().rateLimits[limitName], limitName);
  const guard = entry.access === 'session' ? deps().guards.requireSession : entry.access === 'reader' ? deps().guards.optionalSession : undefined;
  // A console call: after the session, the caller's role must have the permission (403 before the body is read).
  const permission = entry.staff;
  const gate = permission === undefined ? undefined : deps().staff;
  if (permission !== undefined && (!gate || entry.access !== 'session')) throw new Error(`${name}: a staff call needs a session and provideEndpointDeps(app, { staff })`);
  const staffHook = gate && permission ? (request: FastifyRequest) => gate(request, permission) : undefined;
  const given = handler as unknown as (request: FastifyRequest, reply: FastifyReply) => unknown;
  // The owner is asked first thing in the handler: after the body is parsed and checked, and while the
  // request counts as running (plugins/in-flight.ts), so a closing server waits for its lookup too.
  const run = ownerCheck
    ? async (request: FastifyRequest, reply: FastifyReply) => {
        await ownerCheck(request);
        return given(request, reply);
      }
    : given;
  // eslint-disable-next-line no-restricted-syntax -- the one place a call is registered
  app.route({
    method: entry.method,
    url: entry.path.slice(app.prefix.length),
    ...(guard ? { preValidation: staffHook ? [guard, staffHook] : guard } : {}),
    ...(serving?.encodesItself ? { compress: false } : {}),
    config: {
      access: entry.access,
      ...(permission ? { staff: permission } : {}),
      ...limit,
      ...(entry.readOnly ? { readOnly: true } : {}),
      ...(entry.stream ? { stream: true } : {}),
      ...(entry.status ? { status: entry.status } : {}),
    },
    schema: {
      ...(body ? { body } : {}),
      ...(entry.query ? { querystring: schema(entry.query) } : {}),
      // Any success is written with the answer's schema (drafts/save answers 201 when it creates, else 200).
      ...(answer ? { response: { '2xx': answer } } : {}),
    },
    handler: (status === 200
      ? run
      : async (request: FastifyRequest, reply: FastifyReply) => {
          const result = await run(request, reply);
          if (result !== reply && !reply.sent) reply.code(status);
          return result;
        }) as RouteHandlerMethod,
  });
}
