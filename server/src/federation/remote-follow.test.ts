import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { JSDOM } from 'jsdom';
import { REMOTE_HANDLE_INVALID, paths } from '@inkwell/contract';
import { REMOTE_FOLLOW_FORM } from '@inkwell/contract/federation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildRenderingTestApp, buildTestApp } from '../test/app.ts';
import { type FediversePeer, startFediversePeer } from '../test/fediverse-peer.ts';
import { anActor } from './federation.testkit.ts';
import { createPost } from '../posts/testing.ts';
import { PASSWORD, signIn } from '../test/factories.ts';
import { REMOTE_FOLLOW_MESSAGES, resourceOf } from './remote-follow.ts';

/**
 * "Follow from the fediverse" (ADR 0072), over real sockets: the reader's server is another fediverse
 * server on 127.0.0.1 (Fedify, its WebFinger with Mastodon's subscribe template), asked by this app.
 */
const PUBLIC_URL = 'http://127.0.0.1:3999';
let t: TestApp;
let peer: FediversePeer;
let bare: FediversePeer;
let guarded: TestApp;

const federation = (allowPrivateAddress: boolean) => ({ enabled: true, allowPrivateAddress, lookupTimeoutMs: 1_000 });
beforeAll(async () => {
  t = await buildTestApp({ config: { publicUrl: PUBLIC_URL, federation: federation(true) } });
  guarded = await buildTestApp({ config: { publicUrl: PUBLIC_URL, federation: federation(false) } });
  peer = await startFediversePeer(['reader']);
  bare = await startFediversePeer(['reader'], { subscribeTemplate: null });
}, 60_000);
afterAll(async () => {
  await Promise.all([t?.close(), guarded?.close(), peer?.close(), bare?.close()]);
});

const ask = (app: TestApp, body: Record<string, unknown>, address = '203.0.113.9') =>
  app.app.inject({ method: 'POST', url: '/api/user/remote-follow', payload: body, remoteAddress: address });
const handleError = (res: { json(): unknown }) => (res.json() as { errors?: { handle?: string[] } }).errors?.handle?.[0];

describe('the handle a reader gives', () => {
  it('names acct:you@server for @you@server and you@server, the address itself for a profile address', () => {
    expect(resourceOf('@you@Mastodon.Social')?.href).toBe('acct:you@mastodon.social');
    expect(resourceOf(' you@social.example:8443 ')?.href).toBe('acct:you@social.example:8443');
    expect(resourceOf('https://mastodon.social/@you')?.href).toBe('https://mastodon.social/@you');
    for (const bad of ['you', '@you', 'you@', '@you@server/path', 'a@b@c', 'you@user:pw@host', 'javascript:alert(1)', 'ftp://server/you', 'you@ex ample.org']) {
      expect(resourceOf(bad), bad).toBeNull();
    }
  });
});

describe('POST /api/user/remote-follow', () => {
  it('answers the reader server’s page that confirms the follow, with the member’s handle in it', async () => {
    const ada = await anActor(t, PUBLIC_URL);
    const asked = peer.requests.length;
    const res = await ask(t, { user_id: ada.id, handle: peer.actorUri('reader').href });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ url: `${peer.origin}/authorize_interaction?uri=${encodeURIComponent(`m${ada.id}@127.0.0.1:3999`)}` });
    // It asked the reader's server by WebFinger, for the reader's own address, and nothing more.
    expect(peer.requests.slice(asked)).toEqual([`GET /.well-known/webfinger?resource=${encodeURIComponent(peer.actorUri('reader').href)}`]);
  });

  it('tells the reader when their server offers no follow page, naming the handle to search for there', async () => {
    const ada = await anActor(t, PUBLIC_URL);
    const res = await ask(t, { user_id: ada.id, handle: bare.actorUri('reader').href });
    expect(res.statusCode).toBe(422);
    expect(handleError(res)).toBe(REMOTE_FOLLOW_MESSAGES.noFollowPage(`@m${ada.id}@127.0.0.1:3999`));
  });

  it('tells the reader it found no such account, or no server answering in time', async () => {
    const ada = await anActor(t, PUBLIC_URL);
    expect(handleError(await ask(t, { user_id: ada.id, handle: `${peer.origin}/users/nobody` }))).toBe(REMOTE_FOLLOW_MESSAGES.notFound);
    // A server that takes the request and never answers: given up after FEDERATION_LOOKUP_TIMEOUT_MS.
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      const res = await ask(t, { user_id: ada.id, handle: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/users/reader` });
      expect(handleError(res)).toBe(REMOTE_FOLLOW_MESSAGES.notFound);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('refuses what is no handle, a handle of this very site, and a follow page that is no web address', async () => {
    const ada = await anActor(t, PUBLIC_URL);
    for (const handle of ['', 'reader', 'javascript:alert(1)', 'x'.repeat(321)]) {
      const res = await ask(t, { user_id: ada.id, handle });
      expect(res.statusCode, handle).toBe(422);
      expect(handleError(res), handle).toBe(handle.length > 320 ? 'That handle is too long.' : REMOTE_HANDLE_INVALID);
    }
    expect(handleError(await ask(t, { user_id: ada.id, handle: '@someone@127.0.0.1:3999' }))).toBe(REMOTE_FOLLOW_MESSAGES.onThisSite);
    const hostile = await startFediversePeer(['reader'], { subscribeTemplate: 'javascript:alert(document.cookie)//{uri}' });
    try {
      expect(handleError(await ask(t, { user_id: ada.id, handle: hostile.actorUri('reader').href }))).toBe(REMOTE_FOLLOW_MESSAGES.noFollowPage(`@m${ada.id}@127.0.0.1:3999`));
    } finally {
      await hostile.close();
    }
  });

  it('is 404 for a member who does not federate: no username, deactivated, or nobody', async () => {
    for (const member of [await anActor(t, PUBLIC_URL, { username: null }), await anActor(t, PUBLIC_URL, { deactivated: true })]) {
      expect((await ask(t, { user_id: member.id, handle: peer.actorUri('reader').href })).statusCode).toBe(404);
    }
    expect((await ask(t, { user_id: 999_999, handle: peer.actorUri('reader').href })).statusCode).toBe(404);
  });

  it('never asks a loopback or private address unless FEDERATION_ALLOW_PRIVATE_ADDRESS (SSRF)', async () => {
    const ada = await anActor(guarded, PUBLIC_URL);
    const asked = peer.requests.length;
    const port = new URL(peer.origin).port;
    for (const handle of [peer.actorUri('reader').href, `@reader@127.0.0.1:${port}`, `reader@localhost:${port}`, 'http://10.0.0.1/users/reader', 'http://[::1]/@reader']) {
      const res = await ask(guarded, { user_id: ada.id, handle });
      expect(res.statusCode, handle).toBe(422);
      expect(handleError(res), handle).toBe(REMOTE_FOLLOW_MESSAGES.notFound);
    }
    expect(peer.requests.slice(asked)).toEqual([]);
  });

  it('counts against RATE_LIMIT_REMOTE_FOLLOW per address: past it 429, and nothing is asked', async () => {
    const limited = await buildTestApp({ config: { publicUrl: PUBLIC_URL, federation: federation(true), rateLimits: { remoteFollow: { max: 2, windowMs: 60_000 } } } });
    try {
      const ada = await anActor(limited, PUBLIC_URL);
      const body = { user_id: ada.id, handle: peer.actorUri('reader').href };
      expect((await ask(limited, body, '198.51.100.7')).statusCode).toBe(200);
      expect((await ask(limited, body, '198.51.100.7')).statusCode).toBe(200);
      const asked = peer.requests.length;
      const refused = await ask(limited, body, '198.51.100.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(peer.requests.length).toBe(asked);
      expect((await ask(limited, body, '198.51.100.8')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the profile’s "Follow from the fediverse" form, sent before the app starts', () => {
  let rendered: TestApp;
  beforeAll(async () => {
    rendered = await buildRenderingTestApp({ publicUrl: PUBLIC_URL, federation: federation(true) });
  }, 240_000);
  afterAll(() => rendered?.close());

  const send = (fields: Record<string, string>) =>
    rendered.app.inject({
      method: 'POST',
      url: REMOTE_FOLLOW_FORM,
      remoteAddress: '203.0.113.10',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams(fields).toString(),
    });
  const doc = (html: string) => new JSDOM(html).window.document;

  it('is on a federating member’s profile, closed, posting their id and the page to come back to', async () => {
    const ada = await anActor(rendered, PUBLIC_URL);
    const page = await rendered.app.inject({ method: 'GET', url: paths.viewProfile.getHref(ada.id) });
    const form = doc(page.body).querySelector<HTMLFormElement>('form[data-testid=remote-follow]');
    expect(form?.getAttribute('action')).toBe(REMOTE_FOLLOW_FORM);
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.closest('details')?.hasAttribute('open')).toBe(false);
    expect(form?.querySelector<HTMLInputElement>('input[name=user_id]')?.value).toBe(String(ada.id));
    expect(form?.querySelector<HTMLInputElement>('input[name=back]')?.value).toBe(paths.viewProfile.getHref(ada.id));
    expect(form?.querySelector('input[name=handle]')).not.toBeNull();
  });

  it('a profile and a story announce their ActivityPub objects, for a server that fetches the page (Mastodon’s search)', async () => {
    const ada = await anActor(rendered, PUBLIC_URL);
    const session = await signIn(rendered.app, { ...ada, password: PASSWORD });
    const post = await createPost(rendered, session);
    const announced = async (url: string) => {
      const page = await rendered.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      return [...doc(page.body).querySelectorAll('link[rel=alternate][type="application/activity+json"]')].map((link) => link.getAttribute('href'));
    };
    const actor = `${PUBLIC_URL}/ap/users/${ada.id}`;
    const article = `${PUBLIC_URL}/ap/posts/${post.id}`;
    expect(await announced(paths.viewProfile.getHref(ada.id))).toEqual([actor]);
    expect(await announced(paths.viewPost.getHref(post.id))).toEqual([article]);
    expect(await announced('/')).toEqual([]);
    // Each answers what it names to a server asking for ActivityPub.
    for (const [href, type] of [
      [actor, 'Person'],
      [article, 'Article'],
    ] as const) {
      const res = await rendered.app.inject({ method: 'GET', url: href.slice(PUBLIC_URL.length), headers: { accept: 'application/activity+json' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: href, type });
    }
  });

  it('sends the reader to their server’s follow page with a 303', async () => {
    const ada = await anActor(rendered, PUBLIC_URL);
    const res = await send({ user_id: String(ada.id), handle: peer.actorUri('reader').href, back: paths.viewProfile.getHref(ada.id) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${peer.origin}/authorize_interaction?uri=${encodeURIComponent(`m${ada.id}@127.0.0.1:3999`)}`);
  });

  it('refused, shows the profile again with the form open, the handle kept and the message under it', async () => {
    const ada = await anActor(rendered, PUBLIC_URL);
    const back = paths.viewProfile.getHref(ada.id);
    const handle = bare.actorUri('reader').href;
    const res = await send({ user_id: String(ada.id), handle, back });
    expect(res.statusCode).toBe(422);
    const page = doc(res.body);
    const form = page.querySelector<HTMLFormElement>('form[data-testid=remote-follow]');
    expect(form?.closest('details')?.hasAttribute('open')).toBe(true);
    expect(form?.querySelector<HTMLInputElement>('input[name=handle]')?.value).toBe(handle);
    expect(form?.textContent).toContain(REMOTE_FOLLOW_MESSAGES.noFollowPage(`@m${ada.id}@127.0.0.1:3999`));
    // The newsletter box on the same page shows no message of it.
    expect(page.querySelector('#newsletter')?.textContent ?? '').not.toContain('Your server');
  });
});
