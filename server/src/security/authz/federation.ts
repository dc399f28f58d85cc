import { type Entry, open, own } from './kit.ts';

/**
 * ActivityPub (ADR 0067): open to everyone, no session read; the same answer whoever calls. An inbox
 * post without an HTTP signature is refused by Fedify whoever sends it.
 */
export const FEDERATION_ROUTES: Readonly<Record<string, Entry>> = {
  webfinger: open(200, { url: () => `/.well-known/webfinger?resource=${encodeURIComponent('http://localhost:3000/ap/users/instance')}` }),
  nodeinfoLinks: open(200),
  nodeinfo: open(200),
  // Without Accept: application/activity+json a caller is a browser: the owner's profile page, or 404 without a username.
  actor: open(404, { url: (s) => `/ap/users/${s.owner.id}` }),
  // The owner has no username, so no actor, no followers and no inbox.
  actorOutbox: open(404, { url: (s) => `/ap/users/${s.owner.id}/outbox` }),
  // A browser on a story's object is sent to its page.
  article: open(303, { url: (s) => `/ap/posts/${s.ownPost}` }),
  actorFollowers: open(404, { url: (s) => `/ap/users/${s.owner.id}/followers` }),
  actorFollowing: open(404, { url: (s) => `/ap/users/${s.owner.id}/following` }),
  actorInbox: open(404, { url: (s) => `/ap/users/${s.owner.id}/inbox` }),
  sharedInbox: open(400),
  // A member's comment or reply as ActivityPub: none here (and a browser is not sent anywhere).
  fediverseNote: open(404, { url: () => '/ap/notes/1' }),
  // Not a handle: refused before anything is looked up.
  lookupAccount: own(422, { body: (_s, u) => ({ user_id: u.id, account: 'not a handle' }) }),
  remoteFollow: open(404, { body: (s) => ({ user_id: s.owner.id, handle: '@reader@mastodon.example' }) }),
};
