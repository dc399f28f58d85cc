import { type Endpoint, type EndpointName, endpoints } from '@inkwell/contract/endpoints';
import { STAFF_ONLY } from '@inkwell/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { insertSession } from '../identity/identity.repository.ts';
import { nowIso } from '../db/database.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import type { RouteEntry } from '../plugins/route-table.ts';
import { aJpeg, imagePart, multipart } from '../storage/testing.ts';
import { buildTestApp } from '../test/app.ts';
import { aPost, aUser } from '../test/factories.ts';
import { FakeGoogle } from '../test/google.ts';
import { NOT_YOURS } from '../access/policy.ts';
import { callStream } from './stream-call.ts';
import { type Entry, MATRIX, type Member, type Scene, USER_TABLES, ownedBy, sorted } from './authz-matrix.ts';

/**
 * Every route, every caller (authz-matrix.ts): for each route of app.routeTable a visitor, a stranger,
 * the owner (and the post's owner where it applies), the stranger naming themselves, a forged token
 * and a valid token under another user's id, each on a fresh scene, with the session sent as headers
 * and again as cookies. A refused call changes nothing; only the owner's own calls touch their rows.
 */

const CLIENT_ID = 'authz-client.apps.googleusercontent.com';
const google = new FakeGoogle();
const t = await buildTestApp({
  config: { googleClientId: CLIENT_ID, googleJwksUrl: await google.start(), federation: { enabled: true, allowPrivateAddress: false, lookupTimeoutMs: 10_000 } },
});
afterAll(async () => {
  await t.close();
  await google.stop();
});

const world = {
  image: (await t.app.images.put(await aJpeg())).path,
  google: await google.idToken({ sub: 'authz-sub', email: 'authz-google@gmail.com', name: 'Authz' }, { audience: CLIENT_ID }),
  categories: (await t.db.selectFrom('categories').select('id').orderBy('id').limit(2).execute()).map((c) => c.id),
  moderatorRole: (await t.db.selectFrom('roles').select('id').where('name', '=', 'moderator').executeTakeFirstOrThrow()).id,
};

/** A verified user with a session of their own (written directly: signing in through argon2 every case would be slow). */
async function member(): Promise<Member> {
  const user = await aUser(t.db);
  const token = newToken();
  const now = new Date();
  const expires_at = new Date(now.getTime() + 86_400_000).toISOString();
  await insertSession(t.db, { user_id: user.id, token_hash: hashToken(token), now: now.toISOString(), expires_at, user_agent: null, ip: null });
  return { ...user, token };
}

let seq = 0;
async function stage(): Promise<Scene> {
  seq += 1;
  const { db } = t;
  const [owner, stranger, postOwner, moderator] = await Promise.all([member(), member(), member(), member()]);
  await db.insertInto('member_roles').values({ user_id: moderator.id, role_id: world.moderatorRole, granted_at: nowIso() }).execute();
  const [category = 0, otherCategory = 0] = world.categories;
  const now = nowIso();
  const post = async (userId: number, title: string) => (await aPost(db, { userId, categoryId: category, title })).id;
  const [ownPost, theirPost] = await Promise.all([post(owner.id, `Own ${seq}`), post(postOwner.id, `Theirs ${seq}`)]);
  const likedTitle = `Liked ${seq}`;
  const likedPost = await post(postOwner.id, likedTitle); // the newest post: first in every feed
  const comment = async (user_id: number) =>
    (await db.insertInto('comments').values({ post_id: theirPost, user_id, body: 'Words', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const [ownerComment, theirComment] = await Promise.all([comment(owner.id), comment(postOwner.id)]);
  const note = `Note for the owner ${seq}`;
  const [reply] = await Promise.all([
    db
      .insertInto('replies')
      .values({ comment_id: ownerComment, post_id: theirPost, user_id: owner.id, body: 'More words', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow(),
    db.updateTable('posts').set({ comments_count: 3 }).where('id', '=', theirPost).execute(),
    db.insertInto('likes').values({ post_id: likedPost, user_id: owner.id, created_at: now }).execute(),
    db.updateTable('posts').set({ likes_count: 1 }).where('id', '=', likedPost).execute(),
    db.insertInto('saves').values({ post_id: likedPost, user_id: owner.id, created_at: now }).execute(),
    db.insertInto('follows').values({ follower_id: owner.id, following_id: postOwner.id, created_at: now }).execute(),
    db.updateTable('users').set({ following_count: 1, keep_history: 1 }).where('id', '=', owner.id).execute(),
    // The owner keeps a reading history (issue 13's library), holding theirPost.
    db.insertInto('reading_history').values({ user_id: owner.id, post_id: theirPost, read_at: now }).execute(),
    db.updateTable('users').set({ followers_count: 1 }).where('id', '=', postOwner.id).execute(),
    db.insertInto('user_categories').values({ user_id: owner.id, category_id: category, created_at: now }).execute(),
    // The owner asked less of the other topic in For you (issue 13's tuning).
    db.insertInto('feed_topic_tuning').values({ user_id: owner.id, category_id: otherCategory, choice: 'less', created_at: now }).execute(),
  ]);
  const { id: noteId } = await db
    .insertInto('notifications')
    .values({ user_id: owner.id, actor_id: postOwner.id, type: 'follow', post_id: null, message: note, read_at: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const draftTitle = `Draft ${seq} of the owner`;
  const previewToken = `preview-${seq}-${Math.random().toString(36).slice(2)}`;
  const { id: ownDraft } = await db
    .insertInto('drafts')
    .values({
      user_id: owner.id,
      title: draftTitle,
      sub_title: 'Unfinished',
      category_id: category,
      description: '<p>Soon</p>',
      image: null,
      publish_at: null,
      preview_token: previewToken,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const subscriberEmail = `reader-${seq}@example.com`;
  const { id: subscriber } = await db
    .insertInto('newsletter_subscribers')
    .values({
      writer_id: owner.id,
      email: subscriberEmail,
      status: 'confirmed',
      source: 'profile',
      member_id: null,
      confirm_token_hash: null,
      confirm_sent_at: now,
      created_at: now,
      confirmed_at: now,
      ended_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The moderator reports postOwner's story (the owner and the stranger report it in the matrix): an open case for the console's calls.
  const reported = await t.app.inject({
    method: 'POST',
    url: '/api/user/report',
    payload: { user_id: moderator.id, kind: 'post', target_id: theirPost, category: 'spam' },
    headers: { token: moderator.token, id: String(moderator.id) },
  });
  const { case_id: caseId } = await db.selectFrom('reports').select('case_id').where('id', '=', reported.json<{ report_id: number }>().report_id).executeTakeFirstOrThrow();
  // postOwner asked the operators for help: an open request for the console's help calls (the owner's rows stay the owner's).
  const { id: helpRequestId } = await db
    .insertInto('help_requests')
    .values({ user_id: postOwner.id, message: `Help ${seq}`, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { image, google: googleToken } = world;
  const posts = { ownPost, theirPost, likedPost, likedTitle, comment: ownerComment, reply: reply.id, theirComment };
  return {
    db,
    seq,
    owner,
    stranger,
    postOwner,
    moderator,
    caseId,
    helpRequestId,
    ...posts,
    ownDraft,
    previewToken,
    draftTitle,
    category,
    otherCategory,
    note,
    noteId,
    subscriber,
    subscriberEmail,
    image,
    google: googleToken,
  };
}

/** Everything that is the owner's: only the owner's own calls may change it. */
async function footprint(s: Scene) {
  const id = s.owner.id;
  const tables = await Promise.all(USER_TABLES.map((table) => ownedBy(t.db, table, id)));
  const follows = sorted(await t.db.selectFrom('follows').selectAll().where('follower_id', '=', id).execute());
  const list = sorted(await t.db.selectFrom('newsletter_subscribers').selectAll().where('writer_id', '=', id).execute());
  return { tables, follows, list, user: await t.db.selectFrom('users').selectAll().where('id', '=', id).execute() };
}

type Caller = 'visitor' | 'stranger' | 'owner' | 'postOwner' | 'moderator' | 'self' | 'forged' | 'swapped';
type Form = 'headers' | 'cookies';
const CALLERS: readonly Caller[] = ['visitor', 'stranger', 'owner', 'postOwner', 'moderator', 'self', 'forged', 'swapped'];

function expected(access: Endpoint['access'], entry: Entry, caller: Caller): number | undefined {
  if (caller === 'forged' || caller === 'swapped') return access === 'session' ? 401 : entry.expect.visitor;
  return entry.expect[caller];
}

/** The session each caller presents: a forged token under the owner's id; the owner's token under the stranger's id. */
function credentials(s: Scene, caller: Caller): { token: string; id: string } | null {
  const of = (m: Member) => ({ token: m.token, id: String(m.id) });
  switch (caller) {
    case 'visitor':
      return null;
    case 'stranger':
    case 'self':
      return of(s.stranger);
    case 'owner':
      return of(s.owner);
    case 'postOwner':
      return of(s.postOwner);
    case 'moderator':
      return of(s.moderator);
    case 'forged':
      return { token: newToken(), id: String(s.owner.id) };
    case 'swapped':
      return { token: s.owner.token, id: String(s.stranger.id) };
  }
}

async function send(route: RouteEntry, entry: Entry, s: Scene, caller: Caller, form: Form) {
  const fields = entry.body?.(s, caller === 'self' ? s.stranger : s.owner);
  const options: InjectOptions = { method: route.method as InjectOptions['method'], url: entry.url?.(s) ?? route.url, headers: {} };
  if (fields && entry.multipart) {
    // Multipart entries carry only text and number fields.
    const flat = fields as Record<string, string | number>;
    const body = multipart(entry.multipart === 'cover' ? { ...flat, image: imagePart(await aJpeg()) } : flat);
    options.payload = body.payload;
    options.headers = body.headers;
  } else if (fields) {
    options.payload = fields;
  }
  const session = credentials(s, caller);
  if (session && form === 'headers') options.headers = { ...options.headers, ...session };
  if (session && form === 'cookies') options.cookies = session;
  if (route.stream) {
    const cookie: Record<string, string> = options.cookies
      ? {
          cookie: Object.entries(options.cookies)
            .map(([k, v]) => `${k}=${v}`)
            .join('; '),
        }
      : {};
    return callStream(t.app, options.url as string, { ...(options.headers as Record<string, string>), ...cookie });
  }
  return t.app.inject(options);
}

const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const table = Object.entries(endpoints) as Array<[EndpointName, Endpoint]>;

describe('the matrix covers the endpoint table', () => {
  it('names only calls of the endpoint table', () => {
    expect(Object.keys(MATRIX).filter((name) => !(name in endpoints))).toEqual([]);
  });

  it.each(Object.entries(MATRIX))("%s declares every actor it must, and refuses a stranger what the table says is the caller's", (name, entry) => {
    const call: Endpoint | undefined = endpoints[name as EndpointName];
    // A console call acts on what is nobody's own: it names the permission its caller needs instead (staff).
    expect(call?.owns !== undefined || call?.staff !== undefined, `${name}: a signed-in call, and only one, says whose is what it acts on (owns) or which staff may (staff)`).toBe(
      call?.access === 'session',
    );
    if (call?.staff)
      expect([entry.expect.stranger, entry.expect.owner, entry.expect.moderator], `${name}: members 403, the moderator let in`).toEqual([403, 403, expect.any(Number)]);
    if (call?.access === 'session') {
      expect(entry.expect.visitor, name).toBe(401);
      expect(entry.expect.stranger, name).toBeDefined();
      expect(entry.expect.owner, name).toBeDefined();
    }
    // A post, draft or comment of the owner's: a stranger is refused even naming themselves (404: a
    // draft of another's does not exist for them).
    if (call?.owns && call.owns !== 'account') expect([403, 404], `${name}: a stranger on the owner's ${call.owns}`).toContain(entry.expect.self ?? entry.expect.stranger);
    // A body that names a user has a case for the stranger naming themselves.
    const scene = { owner: { id: 1 }, stranger: { id: 2 }, postOwner: { id: 3 } } as unknown as Scene;
    const names = entry.body && JSON.stringify(entry.body(scene, scene.owner)) !== JSON.stringify(entry.body(scene, scene.stranger));
    expect(entry.expect.self !== undefined, `${name}: self`).toBe(Boolean(names));
  });
});

const served = new Map(t.app.routeTable.map((route) => [key(route), route]));

for (const [name, call] of table) {
  const entry = MATRIX[name];
  const route = served.get(key({ method: call.method, url: call.path }))!;
  describe(`${name} (${call.method} ${call.path}, ${call.access})`, () => {
    it('is served, and has an entry in the authorization matrix', () => {
      expect(route, `${name} is not served`).toBeDefined();
      expect(entry, `${name} has no entry in the authorization matrix (security/authz/)`).toBeDefined();
    });
    if (!entry || !route) return;
    const forms: Form[] = ['headers', 'cookies'];
    const cases = forms.flatMap((form) =>
      CALLERS.filter((caller) => expected(call.access, entry, caller) !== undefined && !(form === 'cookies' && caller === 'visitor')).map(
        (caller) => [caller, form, expected(call.access, entry, caller)!] as const,
      ),
    );
    it.each(cases)('%s with the session in %s: %i', async (caller, form, status) => {
      const s = await stage();
      const before = { changes: await entry.changes?.(s), owner: await footprint(s) };
      const res = await send(route, entry, s, caller, form);
      expect(res.statusCode, res.body).toBe(status);
      // Whatever the call, what is not the caller's is refused in the access policy's one wording.
      if (status === 403) expect((JSON.parse(res.body) as { message?: string }).message).toBe(call.staff ? STAFF_ONLY : NOT_YOURS);
      const changes = await entry.changes?.(s);
      const allowed = res.statusCode < 400;
      if (!allowed) expect(changes, 'a refused call changed nothing').toEqual(before.changes);
      if (allowed && (caller === 'owner' || caller === 'postOwner' || caller === 'moderator') && entry.changes) {
        expect(changes, 'the allowed call shows in the read-back').not.toEqual(before.changes);
      }
      if (caller !== 'owner' && caller !== 'postOwner') {
        expect(await footprint(s), "nobody else touches the owner's rows").toEqual(before.owner);
        expect(res.body).not.toContain(s.owner.email);
      }
      const secret = entry.private?.(s);
      if (secret && caller === 'owner') expect(res.body).toContain(secret);
      if (secret && caller !== 'owner') expect(res.body).not.toContain(secret);
    });
  });
}

describe('who the body names', () => {
  const signed = (m: Member) => ({ token: m.token, id: String(m.id) });
  const like = (s: Scene, user_id: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/user/like', payload: { user_id, post_id: s.theirPost, status: 1 }, headers: signed(s.stranger) });
  const likers = async (s: Scene) => (await t.db.selectFrom('likes').select('user_id').where('post_id', '=', s.theirPost).execute()).map((r) => r.user_id);

  it.each([
    ["the owner's id as text", (s: Scene) => String(s.owner.id), 403],
    ["the owner's id padded with spaces", (s: Scene) => ` ${s.owner.id} `, 403],
    ["the owner's id with a leading zero", (s: Scene) => `0${s.owner.id}`, 403],
    ["the owner's id as a decimal", (s: Scene) => `${s.owner.id}.0`, 403],
    ['both ids', (s: Scene) => [s.stranger.id, s.owner.id], 422],
    ["an object holding the owner's id", (s: Scene) => ({ id: s.owner.id }), 422],
  ])('a stranger naming %s is refused with %i and likes nothing', async (_name, userId, status) => {
    const s = await stage();
    const res = await like(s, userId(s));
    expect(res.statusCode, res.body).toBe(status);
    expect(await likers(s)).toEqual([]);
  });

  it('a form naming the stranger and then the owner is refused and likes nothing', async () => {
    const s = await stage();
    const payload = `user_id=${s.stranger.id}&user_id=${s.owner.id}&post_id=${s.theirPost}&status=1`;
    const headers = { ...signed(s.stranger), 'content-type': 'application/x-www-form-urlencoded' };
    const res = await t.app.inject({ method: 'POST', url: '/api/user/like', payload, headers });
    expect(res.statusCode).toBe(422);
    expect(await likers(s)).toEqual([]);
  });

  it('a stranger naming themselves acts as themselves: the like, save, follow, comment and help request are theirs', async () => {
    const s = await stage();
    const me = { user_id: ` ${s.stranger.id} ` };
    const calls: [string, object][] = [
      ['like', { post_id: s.theirPost, status: 1 }],
      ['posts/save', { post_id: s.theirPost, save_unsave: 1 }],
      ['follow-unfollow', { follow_id: s.postOwner.id, followType: 1 }],
      ['comment', { post_id: s.theirPost, comments: 'Mine' }],
      ['help', { message: 'Mine' }],
    ];
    for (const [url, body] of calls) {
      const res = await t.app.inject({ method: 'POST', url: `/api/user/${url}`, payload: { ...me, ...body }, headers: signed(s.stranger) });
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    }
    const ids = (rows: { user_id: number }[]) => rows.map((r) => r.user_id);
    expect(await likers(s)).toEqual([s.stranger.id]);
    expect(ids(await t.db.selectFrom('saves').select('user_id').where('post_id', '=', s.theirPost).execute())).toEqual([s.stranger.id]);
    const followers = await t.db.selectFrom('follows').select('follower_id').where('following_id', '=', s.postOwner.id).execute();
    expect(followers.map((r) => r.follower_id).sort()).toEqual([s.owner.id, s.stranger.id].sort());
    const comments = await t.db.selectFrom('comments').select('user_id').where('post_id', '=', s.theirPost).where('body', '=', 'Mine').execute();
    expect(ids(comments)).toEqual([s.stranger.id]);
    expect(ids(await t.db.selectFrom('help_requests').select('user_id').where('message', '=', 'Mine').execute())).toEqual([s.stranger.id]);
  });
});

describe('how the session is presented', () => {
  const profile = (s: Scene, options: Pick<InjectOptions, 'headers' | 'cookies'>) =>
    t.app.inject({ method: 'POST', url: '/api/user/profile', payload: { id: s.owner.id }, ...options });

  it('a token without its id, an id without a token, or a malformed id is 401', async () => {
    const s = await stage();
    expect((await profile(s, { headers: { token: s.owner.token } })).statusCode).toBe(401);
    expect((await profile(s, { headers: { id: String(s.owner.id) } })).statusCode).toBe(401);
    expect((await profile(s, { headers: { token: s.owner.token, id: `${s.owner.id}x` } })).statusCode).toBe(401);
    expect((await profile(s, { cookies: { token: s.owner.token } })).statusCode).toBe(401);
  });

  it('an expired session is 401, and it is gone', async () => {
    const s = await stage();
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', s.owner.id)
      .execute();
    expect((await profile(s, { headers: { token: s.owner.token, id: String(s.owner.id) } })).statusCode).toBe(401);
    expect(await ownedBy(t.db, 'sessions', s.owner.id)).toEqual([]);
  });

  it('the headers decide when they and the cookies name different users', async () => {
    const s = await stage();
    const cookies = { token: s.owner.token, id: String(s.owner.id) };
    const res = await profile(s, { headers: { token: s.stranger.token, id: String(s.stranger.id) }, cookies });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(s.owner.email);
    // A header id under the owner's cookie token is a token and id that do not belong together.
    expect((await profile(s, { headers: { id: String(s.stranger.id) }, cookies })).statusCode).toBe(401);
  });
});
