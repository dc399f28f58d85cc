import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { NOT_YOURS, type Owned } from '../access/policy.ts';
import { defaultRateLimits } from '../config.ts';
import { route, provideEndpointDeps } from './endpoint.ts';
import { registerErrorHandler } from './errors.ts';
import { serializerCompiler } from './serializer.ts';
import type { Guards } from './session.ts';
import { validatorCompiler } from './validator.ts';

/**
 * route() enforces the endpoint table's `owns` itself: a call on a post, draft or comment cannot be
 * registered without saying how its owner is found, and the access policy is asked before the handler
 * runs. The authorization matrix (security/authz.test.ts) proves every such call refuses a stranger;
 * this proves the refusal does not depend on each handler remembering it.
 */
let app: FastifyInstance | undefined;
afterEach(() => app?.close());

/** An app with route()'s deps, whose session guard signs the caller in as the x-user header says. */
function appWith(): FastifyInstance {
  const made = Fastify();
  made.setValidatorCompiler(validatorCompiler);
  made.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(made, { retryAfterSeconds: 1 } as Parameters<typeof registerErrorHandler>[1]);
  made.decorateRequest('auth', null);
  const signIn = async (request: FastifyRequest) => {
    request.auth = { userId: Number(request.headers['x-user']), sessionId: 1 };
  };
  provideEndpointDeps(made, { guards: { requireSession: signIn, optionalSession: signIn } as unknown as Guards, rateLimits: defaultRateLimits });
  return made;
}

async function call(made: FastifyInstance, url: string, user: number, body: Record<string, unknown>) {
  return made.inject({ method: 'POST', url, headers: { 'x-user': String(user) }, payload: { user_id: user, ...body } });
}

describe("route() and the endpoint table's owns", () => {
  it('refuses to register a call on a post, draft or comment without its owner', () => {
    app = appWith();
    const register = route as unknown as (app: FastifyInstance, name: string, handler: () => unknown) => void;
    expect(() => register(app!, 'deletePosts', () => ({ message: 'gone' }))).toThrow(/owns a post: route needs the owner/);
    expect(() => register(app!, 'draftsDelete', () => ({ message: 'gone' }))).toThrow(/owns a draft/);
    expect(() => register(app!, 'commentDelete', () => ({ message: 'gone' }))).toThrow(/owns a comment/);
  });

  it("asks the access policy before the handler: another's post 403, another's draft 404, a post's numbers 404; the owner and a thing not there reach the handler", async () => {
    app = appWith();
    const owners = new Map<number, Owned>([[10, { user_id: 1 }]]);
    const ran: string[] = [];
    route(app, 'deletePosts', (request) => (ran.push(`delete ${request.body.id}`), { message: 'Deleted.' }), {
      owner: async (request) => owners.get(request.body.id),
    });
    route(app, 'draftsDelete', (request) => (ran.push(`draft ${request.body.id}`), { message: 'Deleted.' }), {
      owner: async (request) => owners.get(request.body.id),
    });
    route(app, 'commentDelete', (request) => (ran.push(`comment ${request.body.id}`), { message: 'Deleted.' }), {
      owner: async () => ({ user_id: 2, post_owner_id: 1 }),
    });
    await app.ready();

    const stranger = await call(app, '/api/user/delete-posts', 2, { id: 10 });
    expect([stranger.statusCode, stranger.json()]).toEqual([403, { message: NOT_YOURS }]);
    const hidden = await call(app, '/api/user/drafts/delete', 2, { id: 10 });
    expect([hidden.statusCode, hidden.json()]).toEqual([404, { message: 'Draft not found.' }]);
    // A stranger who wrote the comment deletes it; so does the post's owner; a third member may not.
    expect((await call(app, '/api/user/comment-delete', 2, { id: 5 })).statusCode).toBe(200);
    expect((await call(app, '/api/user/comment-delete', 1, { id: 5 })).statusCode).toBe(200);
    expect((await call(app, '/api/user/comment-delete', 3, { id: 5 })).statusCode).toBe(403);
    expect(ran).toEqual(['comment 5', 'comment 5']);

    expect((await call(app, '/api/user/delete-posts', 1, { id: 10 })).statusCode).toBe(200);
    // Nothing there: the handler answers (its service says 404 with its own words).
    expect((await call(app, '/api/user/delete-posts', 2, { id: 11 })).statusCode).toBe(200);
    expect(ran).toEqual(['comment 5', 'comment 5', 'delete 10', 'delete 11']);
  });

  it("answers a post's private numbers to its author only, as if another's were not there", async () => {
    app = appWith();
    route(app, 'statsPost', () => ({}) as never, { owner: async () => ({ user_id: 1 }) });
    await app.ready();
    const res = await call(app, '/api/user/stats/post', 2, { post_id: 10, days: 7 });
    expect([res.statusCode, res.json()]).toEqual([404, { message: 'Post not found.' }]);
  });
});
