import { type Entry, type Scene, open, own, ownersList, sorted, userRow } from './kit.ts';

/** The list of the writer the owner follows, where the owner's own address may go. */
const postOwnersList = async (s: Scene) => sorted(await s.db.selectFrom('newsletter_subscribers').selectAll().where('writer_id', '=', s.postOwner.id).execute());

/**
 * A writer's newsletter (issue 29). Anyone may subscribe to a writer (postOwner's list here, so no
 * caller touches the owner's); the mailed tokens are the only authority of the confirmation and
 * unsubscribe pages, and a token that is not ours changes nothing; the list is the writer's own only
 * (a stranger naming themselves sees their own empty list, and cannot remove the owner's subscriber,
 * nor import into it); a member's own address is the caller's alone.
 */
export const NEWSLETTER_ROUTES: Readonly<Record<string, Entry>> = {
  newsletterSubscribe: open(200, { body: (s) => ({ writer_id: s.postOwner.id, email: `fan-${s.seq}@example.com` }) }),
  newsletterConfirmation: open(422, { body: () => ({ token: 'not-a-confirmation-token' }) }),
  newsletterConfirm: open(422, { body: () => ({ token: 'not-a-confirmation-token' }), changes: ownersList }),
  newsletterUnsubscribe: open(422, { body: (s) => ({ token: `${s.subscriber}.forged` }), changes: ownersList }),
  newsletterUnsubscribeOneClick: open(422, { url: (s) => `/newsletter/unsubscribe?token=${s.subscriber}.forged`, changes: ownersList }),
  newsletterSubscribers: own(200, { body: (_s, u) => ({ user_id: u.id }), private: (s) => s.subscriberEmail }),
  newsletterExport: own(200, { body: (_s, u) => ({ user_id: u.id }), private: (s) => s.subscriberEmail }),
  newsletterSettings: own(200, { body: (s, u) => ({ user_id: u.id, welcome: `Hello from ${s.seq}` }), changes: (s) => userRow(s, s.owner.id) }),
  newsletterRemoveSubscriber: own(200, { self: 404, body: (s, u) => ({ user_id: u.id, subscriber_id: s.subscriber }), changes: ownersList }),
  newsletterImport: own(200, { body: (s, u) => ({ user_id: u.id, csv: `imported-${s.seq}@example.com`, consent: true }), changes: ownersList }),
  // A member's own address on another writer's list: only ever the caller's own.
  newsletterMemberStatus: own(200, { body: (s, u) => ({ user_id: u.id, writer_id: s.postOwner.id }) }),
  newsletterMember: own(200, { body: (s, u) => ({ user_id: u.id, writer_id: s.postOwner.id, subscribed: true }), changes: postOwnersList }),
  newsletterFollowing: own(200, { body: (_s, u) => ({ user_id: u.id }), private: (s) => s.owner.email.toLowerCase() }),
};
