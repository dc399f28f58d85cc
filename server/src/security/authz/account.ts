import { type Entry, PASSWORD, open, own, ownedBy, userRow } from './kit.ts';

/** A member's own account: the session, the profile, notifications, their feeds, topics and For you's tuning. */
export const ACCOUNT_ROUTES: Readonly<Record<string, Entry>> = {
  // Ends the caller's own session, whoever else's sessions there are.
  logout: {
    expect: { visitor: 401, stranger: 200, owner: 200 },
    changes: (s) => ownedBy(s.db, 'sessions', s.owner.id),
  },
  // Leaving: with the current password, on one's own account only.
  deactivate: own(200, {
    body: (_s, u) => ({ user_id: u.id, current_password: PASSWORD }),
    changes: (s) => userRow(s, s.owner.id),
  }),
  deleteAccount: own(200, {
    body: (_s, u) => ({ user_id: u.id, current_password: PASSWORD }),
    changes: (s) => userRow(s, s.owner.id),
  }),
  ownProfile: own(200, { body: (_s, u) => ({ id: u.id }), private: (s) => s.owner.email }),
  updateProfile: own(200, {
    body: (s, u) => ({ id: u.id, name: `Renamed ${s.seq}`, bio: 'Changed' }),
    changes: (s) => userRow(s, s.owner.id),
    private: (s) => s.owner.email,
  }),
  notifications: own(200, { body: (_s, u) => ({ user_id: u.id }), private: (s) => s.note }),
  // The stranger naming themselves with the owner's notification id marks nothing of the owner's.
  notificationsSeen: own(200, {
    body: (s, u) => ({ user_id: u.id, ids: [s.noteId] }),
    changes: (s) => ownedBy(s.db, 'notifications', s.owner.id),
  }),
  // Each member's own stream: there is no one else's to ask for.
  notificationsStream: { expect: { visitor: 401, stranger: 200, owner: 200 } },
  // The mailed token is the authority (no session): a token that is not ours changes nothing.
  unsubscribe: open(422, { body: () => ({ token: '1.like.not-a-signature' }), changes: (s) => userRow(s, s.owner.id) }),
  unsubscribeOneClick: open(422, { url: (s) => `/unsubscribe?token=${s.owner.id}.like.forged`, changes: (s) => userRow(s, s.owner.id) }),
  followingPosts: own(200, { body: (_s, u) => ({ user_id: u.id }), private: (s) => JSON.stringify(s.likedTitle) }),
  savedPosts: own(200, { body: (_s, u) => ({ user_id: u.id }), private: (s) => JSON.stringify(s.likedTitle) }),
  userCategories: own(200, { body: (_s, u) => ({ user_id: u.id }), private: (s) => `{"category_id":${s.category}}` }),
  selectedCategory: own(200, {
    body: (s, u) => ({ user_id: u.id, category_id: s.otherCategory, status: 'active' }),
    changes: (s) => ownedBy(s.db, 'user_categories', s.owner.id),
  }),
  resetCategories: own(200, {
    body: (_s, u) => ({ user_id: u.id }),
    changes: (s) => ownedBy(s.db, 'user_categories', s.owner.id),
  }),
  // Tuning 'For you' (issue 13): the caller's own only. The owner asked less of otherCategory (authz.test.ts
  // `stage`) and mutes postOwner (a stranger naming themselves mutes them for themselves); reset forgets it all.
  feedTuning: own(200, { body: (_s, u) => ({ user_id: u.id }), private: (s) => `"less":[{"id":${s.otherCategory},` }),
  feedTuningSet: own(200, {
    body: (s, u) => ({ user_id: u.id, kind: 'mute', target_id: s.postOwner.id, on: 1 }),
    changes: async (s) => [await ownedBy(s.db, 'feed_author_mutes', s.owner.id), await ownedBy(s.db, 'feed_topic_tuning', s.owner.id)],
  }),
  feedTuningReset: own(200, {
    body: (_s, u) => ({ user_id: u.id }),
    changes: async (s) => [await ownedBy(s.db, 'feed_author_mutes', s.owner.id), await ownedBy(s.db, 'feed_topic_tuning', s.owner.id)],
  }),
};
