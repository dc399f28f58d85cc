import { Person } from '@fedify/vocab';
import { paths } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../db/database.ts';
import { type ConfigOverrides, type TestApp, buildTestApp } from '../test/app.ts';
import { PASSWORD, aPost, aUser, anAccountElsewhere } from '../test/factories.ts';
import { freePort } from '../test/ports.ts';
import { createSuspensions } from '../moderation/suspensions.service.ts';
import { expectMigrationRoundTrip } from './federation.testkit.ts';

/**
 * Discovery over a real socket (ADR 0067), on SQLite or PostgreSQL as INKWELL_TEST_DB says: WebFinger,
 * the Person actor and its keys, the browser's redirect, NodeInfo; and the app's own JSON POSTs still
 * work with the federation's routes mounted.
 */
const AS = 'application/activity+json';
let t: TestApp;
let base: string;

/** The app listening on a free port of 127.0.0.1, PUBLIC_URL that address. */
async function listening(config: ConfigOverrides = {}): Promise<{ t: TestApp; base: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = await buildTestApp({ config: { publicUrl: url, federation: { enabled: true, allowPrivateAddress: true, lookupTimeoutMs: 10_000 }, ...config } });
  await app.app.listen({ port, host: '127.0.0.1' });
  return { t: app, base: url };
}

async function member(fields: { username?: string | null; name?: string; bio?: string | null; picture?: string | null; deactivated?: boolean } = {}) {
  const user = await aUser(t.db, { name: fields.name ?? 'Ada Lovelace' });
  await t.db
    .updateTable('users')
    .set({ username: fields.username ?? null, bio: fields.bio ?? null, profile_picture: fields.picture ?? null, deactivated_at: fields.deactivated ? nowIso() : null })
    .where('id', '=', user.id)
    .execute();
  return user;
}

const get = (path: string, accept = AS) => fetch(`${base}${path}`, { headers: { accept }, redirect: 'manual' });
const json = async (res: Response) => (await res.json()) as Record<string, unknown>;

beforeAll(async () => {
  ({ t, base } = await listening());
});
afterAll(() => t?.close());

describe('WebFinger', () => {
  it('finds a member by username, in any case, with a self link to the actor by id', async () => {
    const ada = await member({ username: 'ada' });
    const res = await get(`/.well-known/webfinger?resource=acct:ADA@127.0.0.1:${new URL(base).port}`, 'application/jrd+json');
    expect(res.status).toBe(200);
    const links = (await json(res)).links as Array<{ rel: string; type?: string; href?: string }>;
    expect(links).toContainEqual(expect.objectContaining({ rel: 'self', type: AS, href: `${base}/ap/users/${ada.id}` }));
  });

  it('answers 404 for an unknown username and for a member without one', async () => {
    const port = new URL(base).port;
    expect((await get(`/.well-known/webfinger?resource=acct:nobody@127.0.0.1:${port}`)).status).toBe(404);
    const nameless = await member();
    expect((await get(`/ap/users/${nameless.id}`)).status).toBe(404);
    expect((await get(`/.well-known/webfinger?resource=${encodeURIComponent(`${base}/ap/users/${nameless.id}`)}`)).status).toBe(404);
  });

  it('never answers for an account of another server, even one given a user name here', async () => {
    const port = new URL(base).port;
    const elsewhere = await anAccountElsewhere(t.db, 'Ada Elsewhere');
    await t.db.updateTable('users').set({ username: 'adaelsewhere' }).where('id', '=', elsewhere.id).execute();
    expect((await get(`/.well-known/webfinger?resource=acct:adaelsewhere@127.0.0.1:${port}`)).status).toBe(404);
    expect((await get(`/ap/users/${elsewhere.id}`)).status).toBe(404);
  });
});

describe('the actor', () => {
  it('is a Person with its profile, inboxes and keys, read back by Fedify', async () => {
    const ada = await member({ username: 'countess', bio: 'Notes <on> the engine\n& more', picture: '/storage/images/ada.png' });
    const res = await get(`/ap/users/${ada.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(AS);
    const doc = await json(res);
    const id = `${base}/ap/users/${ada.id}`;
    expect(doc).toMatchObject({ id, type: 'Person', preferredUsername: 'countess', name: 'Ada Lovelace', summary: '<p>Notes &lt;on&gt; the engine<br>&amp; more</p>' });
    expect(doc.url).toBe(`${base}${paths.viewProfile.getHref(ada.id)}`);
    expect(doc.inbox).toBe(`${id}/inbox`);
    expect(doc.icon).toMatchObject({ type: 'Image', url: `${base}/storage/images/ada.png`, mediaType: 'image/png' });
    const key = doc.publicKey as { id: string; owner: string; publicKeyPem: string };
    expect(key.owner).toBe(id);
    expect(key.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const proofKeys = doc.assertionMethod as Array<{ type: string; controller: string; publicKeyMultibase: string }>;
    expect(proofKeys).toContainEqual(expect.objectContaining({ type: 'Multikey', controller: id, publicKeyMultibase: expect.stringMatching(/^z6Mk/) }));

    const person = await Person.fromJsonLd(doc);
    expect(person.id?.href).toBe(id);
    expect(person.preferredUsername).toBe('countess');
    expect(person.inboxId?.href).toBe(`${id}/inbox`);
    expect(person.endpoints?.sharedInbox?.href).toBe(`${base}/ap/inbox`);
    expect((await person.getPublicKey())?.ownerId?.href).toBe(id);
  });

  it('shows the default picture to a member without one', async () => {
    const ada = await member({ username: 'plain' });
    expect((await json(await get(`/ap/users/${ada.id}`))).icon).toMatchObject({ url: `${base}/images/default-user.webp`, mediaType: 'image/webp' });
  });

  it('sends a browser to the profile page', async () => {
    const ada = await member({ username: 'browsed' });
    const res = await get(`/ap/users/${ada.id}`, 'text/html,application/xhtml+xml');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${base}${paths.viewProfile.getHref(ada.id)}`);
  });

  it('of a deactivated member is gone (410), to WebFinger too', async () => {
    const gone = await member({ username: 'gone', deactivated: true });
    expect((await get(`/ap/users/${gone.id}`)).status).toBe(410);
    expect((await get(`/.well-known/webfinger?resource=acct:gone@127.0.0.1:${new URL(base).port}`)).status).toBe(410);
  });

  it('of a suspended member says so (toot:suspended), and nothing more', async () => {
    const held = await member({ username: 'held', bio: 'Buy my course' });
    await createSuspensions(t.db, base).suspend(held.id, { reason: 'Spam.', by: 'command line' });
    const res = await get(`/ap/users/${held.id}`);
    expect(res.status).toBe(200);
    const doc = await json(res);
    expect(doc).toMatchObject({ type: 'Person', preferredUsername: 'held', suspended: true });
    for (const field of ['name', 'summary', 'icon', 'url', 'outbox', 'followers', 'publicKey']) expect(doc[field], field).toBeUndefined();
    // Its handle still resolves, as Mastodon's does: its followers elsewhere keep it for when it is back.
    expect((await get(`/.well-known/webfinger?resource=acct:held@127.0.0.1:${new URL(base).port}`, 'application/jrd+json')).status).toBe(200);
  });

  it('keeps its keys: the same when asked twice and from another app server on the database', async () => {
    const ada = await member({ username: 'keeper' });
    const keys = (doc: Record<string, unknown>) => [(doc.publicKey as { publicKeyPem: string }).publicKeyPem, JSON.stringify(doc.assertionMethod)];
    const first = keys(await json(await get(`/ap/users/${ada.id}`)));
    expect(keys(await json(await get(`/ap/users/${ada.id}`)))).toEqual(first);
    const other = await t.another();
    try {
      const res = await other.app.inject({ method: 'GET', url: `/ap/users/${ada.id}`, headers: { accept: AS } });
      expect(keys(res.json())).toEqual(first);
    } finally {
      await other.close();
    }
    const rows = await t.db.selectFrom('federation_keys').select('algorithm').where('owner', '=', String(ada.id)).orderBy('algorithm').execute();
    expect(rows.map((r) => r.algorithm)).toEqual(['Ed25519', 'RSASSA-PKCS1-v1_5']);
  });

  it('of the instance is an Application named for the host, with keys of its own', async () => {
    const doc = await json(await get('/ap/users/instance'));
    expect(doc).toMatchObject({ type: 'Application', preferredUsername: new URL(base).host });
    expect((doc.publicKey as { publicKeyPem: string }).publicKeyPem).toMatch(/BEGIN PUBLIC KEY/);
  });

  it('agrees on one key when two app servers make it at once', async () => {
    const ada = await member({ username: 'raced' });
    const other = await t.another();
    try {
      const ask = (app: TestApp) => app.app.inject({ method: 'GET', url: `/ap/users/${ada.id}`, headers: { accept: AS } });
      const [a, b] = await Promise.all([ask(t), ask(other)]);
      expect((a.json() as { publicKey: unknown }).publicKey).toEqual((b.json() as { publicKey: unknown }).publicKey);
    } finally {
      await other.close();
    }
  });
});

describe('NodeInfo', () => {
  it('is linked from /.well-known/nodeinfo and counts members and published posts', async () => {
    const before = (await json(await get('/nodeinfo/2.1', 'application/json'))).usage as { users: { total: number }; localPosts: number; localComments: number };
    const writer = await member({ username: 'writer' });
    await aPost(t.db, { userId: writer.id });
    await member({ username: 'hidden', deactivated: true });
    // An account of another server, with a comment here: neither is ours to count.
    const elsewhere = await anAccountElsewhere(t.db, 'Counted Elsewhere');
    const story = await aPost(t.db, { userId: writer.id });
    await t.db.insertInto('comments').values({ post_id: story.id, user_id: elsewhere.id, body: 'From afar', created_at: nowIso(), updated_at: nowIso() }).execute();
    const links = (await json(await get('/.well-known/nodeinfo', 'application/json'))).links as Array<{ rel: string; href: string }>;
    const link = links.find((l) => l.rel === 'http://nodeinfo.diaspora.software/ns/schema/2.1');
    expect(link?.href).toBe(`${base}/nodeinfo/2.1`);
    const info = await json(await fetch(link!.href));
    expect(info).toMatchObject({ software: { name: 'inkwell', version: expect.stringMatching(/^\d+\.\d+\.\d+/) }, protocols: ['activitypub'] });
    expect(info.usage).toMatchObject({ users: { total: before.users.total + 1 }, localPosts: before.localPosts + 2, localComments: before.localComments });
    const counted = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('deactivated_at', 'is', null)
      .where('domain', 'is', null)
      .executeTakeFirstOrThrow();
    expect((info.usage as { users: { total: number } }).users.total).toBe(Number(counted.n));
  });
});

const profileData = async (at: string, id: number) =>
  (
    (await (await fetch(`${at}/api/user/get-profile-data`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id }) })).json()) as {
      data: { fediverse_handle: string | null };
    }
  ).data;

describe('with federation mounted', () => {
  it('a profile names the member’s fediverse handle, and none for a member without a username', async () => {
    const ada = await member({ username: 'handled' });
    expect((await profileData(base, ada.id)).fediverse_handle).toBe(`@handled@${new URL(base).host}`);
    const nameless = await member();
    expect((await profileData(base, nameless.id)).fediverse_handle).toBeNull();
  });

  it('a JSON POST to the API still works over a real socket', async () => {
    const user = await aUser(t.db);
    const res = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { token?: string }).token).toEqual(expect.any(String));
  });

  it('an inbox takes a post from another site (no CSRF refusal) and refuses it unsigned', async () => {
    const ada = await member({ username: 'inboxed' });
    const activity = JSON.stringify({
      '@context': 'https://www.w3.org/ns/activitystreams',
      type: 'Follow',
      actor: 'https://elsewhere.example/u/x',
      object: `${base}/ap/users/${ada.id}`,
    });
    const res = await fetch(`${base}/ap/users/${ada.id}/inbox`, { method: 'POST', headers: { 'content-type': AS, origin: 'https://elsewhere.example' }, body: activity });
    expect(res.status).toBe(401);
  });

  it('an inbox refuses JSON nested past any activity (400), before JSON-LD recurses through it', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const res = await fetch(`${base}/ap/inbox`, { method: 'POST', headers: { 'content-type': 'application/ld+json' }, body: deep });
    expect(res.status).toBe(400);
  });
});

describe('with FEDERATION off', () => {
  it('serves no WebFinger, and names no fediverse handle on a profile', async () => {
    const off = await listening({ federation: { enabled: false, allowPrivateAddress: false, lookupTimeoutMs: 10_000 } });
    try {
      const res = await fetch(`${off.base}/.well-known/webfinger?resource=acct:ada@127.0.0.1`, { headers: { accept: 'application/jrd+json' } });
      expect(res.status).toBe(404);
      const ada = await aUser(off.t.db);
      await off.t.db.updateTable('users').set({ username: 'unfederated' }).where('id', '=', ada.id).execute();
      expect((await profileData(off.base, ada.id)).fediverse_handle).toBeNull();
    } finally {
      await off.t.close();
    }
  });
});

describe('migration 0029', () => {
  it('makes federation_keys and takes it away again', () => expectMigrationRoundTrip('0028_federation_store', 'federation_', ['federation_keys']));
});
