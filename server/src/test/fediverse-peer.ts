import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Federation, MemoryKvStore, createFederation, generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { Activity, Endpoints, Image, Person, type Recipient } from '@fedify/vocab';

/**
 * Another fediverse server for tests, on 127.0.0.1 (ADR 0068): Fedify itself, with actors of the
 * given names at /users/<name>, real keys and real signatures, and inboxes that keep what they
 * receive (after Fedify verified it). Not Inkwell: it stands for Mastodon and the rest.
 */
export interface FediversePeer {
  origin: string;
  actorUri(name: string): URL;
  /** Activities its actors' inboxes accepted, oldest first, with whose inbox (null: the shared one). */
  received: Array<{ recipient: string | null; activity: Activity }>;
  /** Every request it was sent, oldest first, as method and path with query. */
  requests: string[];
  /** The User-Agent each of those requests came with (null: none), in the same order. */
  userAgents: Array<string | null>;
  /** Sends `activity`, signed with `from`'s keys, to the recipient's inbox now; throws when it is refused. */
  send(from: string, to: Recipient, activity: Activity): Promise<void>;
  /**
   * Posts `json` as it is, byte for byte (the shapes of a server that is not Fedify), to `inbox`,
   * signed with `from`'s RSA key by RFC 9421 as another server signs it; throws when it is refused.
   */
  post(from: string, inbox: URL, json: object): Promise<void>;
  close(): Promise<void>;
}

/**
 * `actorPath`: where its actors live (default `/users/{identifier}`, Mastodon's; `/user/{identifier}`
 * is `@evanp/activitypub-bot`'s), their inboxes at `<actor>/inbox`.
 * `signedFetchOnly`: its actors are served only to a signed request (authorized fetch, as Mastodon's
 * secure mode and GoToSocial), 401 otherwise.
 * `subscribeTemplate`: its WebFinger's "follow from here" link (OStatus subscribe), `{uri}` standing
 * for the account to follow, as Mastodon's `/authorize_interaction?uri={uri}` (the default); null: none.
 */
export async function startFediversePeer(
  names: readonly string[],
  options: { actorPath?: `/${string}/{identifier}`; subscribeTemplate?: string | null; signedFetchOnly?: boolean } = {},
): Promise<FediversePeer> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const keys = new Map<string, CryptoKeyPair[]>();
  for (const name of names) keys.set(name, [await generateCryptoKeyPair('RSASSA-PKCS1-v1_5'), await generateCryptoKeyPair('Ed25519')]);
  const received: FediversePeer['received'] = [];
  const requests: string[] = [];
  const userAgents: Array<string | null> = [];
  const actorPath = options.actorPath ?? '/users/{identifier}';
  const subscribeTemplate = options.subscribeTemplate === undefined ? `${origin}/authorize_interaction?uri={uri}` : options.subscribeTemplate;

  const federation: Federation<void> = createFederation<void>({ kv: new MemoryKvStore(), origin, allowPrivateAddress: true });
  federation
    .setActorDispatcher(actorPath, async (ctx, identifier) => {
      if (!keys.has(identifier)) return null;
      const pairs = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: `${identifier[0]!.toUpperCase()}${identifier.slice(1)} of the peer`,
        icon: new Image({ url: new URL(`/avatars/${identifier}.png`, origin), mediaType: 'image/png' }),
        url: new URL(`/@${identifier}`, origin),
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: pairs[0]?.cryptographicKey ?? null,
        assertionMethods: pairs.map((pair) => pair.multikey),
      });
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => keys.get(identifier) ?? [])
    .authorize(async (ctx) => !options.signedFetchOnly || (await ctx.getSignedKey()) !== null);
  federation.setWebFingerLinksDispatcher(() => (subscribeTemplate === null ? [] : [{ rel: 'http://ostatus.org/schema/1.0/subscribe', template: subscribeTemplate }]));
  federation.setInboxListeners(`${actorPath}/inbox`, '/inbox').on(Activity, (ctx, activity) => {
    received.push({ recipient: ctx.recipient, activity });
  });

  server.on('request', (req, res) => {
    requests.push(`${req.method} ${req.url}`);
    userAgents.push(req.headers['user-agent'] ?? null);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) for (const one of [value ?? []].flat()) headers.append(name, one);
      const body = req.method === 'POST' ? Buffer.concat(chunks) : undefined;
      const response = await federation.fetch(
        new Request(new URL(req.url ?? '/', origin), { method: req.method, headers, ...(body ? { body: body as Uint8Array<ArrayBuffer> } : {}) }),
        {
          contextData: undefined,
        },
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  });

  const context = () => federation.createContext(new URL(origin), undefined);
  return {
    origin,
    actorUri: (name) => context().getActorUri(name),
    received,
    requests,
    userAgents,
    send: (from, to, activity) => context().sendActivity({ identifier: from }, to, activity, { immediate: true }),
    post: async (from, inbox, json) => {
      const [rsa] = await context().getActorKeyPairs(from);
      if (!rsa) throw new Error(`the peer has no actor ${from}`);
      const unsigned = new Request(inbox, { method: 'POST', headers: { 'content-type': 'application/activity+json' }, body: JSON.stringify(json) });
      const response = await fetch(await signRequest(unsigned, rsa.privateKey, rsa.keyId, { spec: 'rfc9421' }));
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}: ${await response.text()}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
