import { type Entry, open, own, ownedBy, statsOf, userRow } from './kit.ts';

/** A writer's numbers and a member's personal library (issue 13). */
export const LIBRARY_ROUTES: Readonly<Record<string, Entry>> = {
  // A writer's numbers (issue 13). The beacons are open: anyone reading a post counts (its author does
  // not, so the owner's view of postOwner's post is what shows). The numbers are the caller's own only:
  // another member's post is 404, whoever user_id names.
  statsView: open(204, { body: (s) => ({ post_id: s.theirPost }), changes: (s) => statsOf(s, s.theirPost) }),
  statsRead: open(204, { body: (s) => ({ post_id: s.theirPost }), changes: (s) => statsOf(s, s.theirPost) }),
  stats: own(200, { body: (_s, u) => ({ user_id: u.id, days: 7 }), private: (s) => `"Own ${s.seq}"` }),
  statsPost: own(200, { self: 404, body: (s, u) => ({ user_id: u.id, post_id: s.ownPost, days: 30 }), private: (s) => `"Own ${s.seq}"` }),

  // A personal library (issue 13): the owner keeps a history holding theirPost. Only the owner reads or
  // changes it; a stranger naming themselves acts on their own (empty) library.
  history: own(200, { body: (_s, u) => ({ user_id: u.id }), private: (s) => `"title":"Theirs ${s.seq}"` }),
  historySettings: own(200, { body: (_s, u) => ({ user_id: u.id, enabled: 0 }), changes: (s) => userRow(s, s.owner.id) }),
  historyAdd: own(204, { body: (s, u) => ({ user_id: u.id, post_id: s.theirPost }), changes: (s) => ownedBy(s.db, 'reading_history', s.owner.id) }),
  historyRemove: own(200, { body: (s, u) => ({ user_id: u.id, post_id: s.theirPost }), changes: (s) => ownedBy(s.db, 'reading_history', s.owner.id) }),
  historyClear: own(200, { body: (_s, u) => ({ user_id: u.id }), changes: (s) => ownedBy(s.db, 'reading_history', s.owner.id) }),
  librarySearch: own(200, {
    body: (s, u) => ({ user_id: u.id, query: s.likedTitle, scope: 'all' }),
    private: () => '"sources":["saved"]',
  }),
};
