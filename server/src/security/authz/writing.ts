import { type Entry, open, own, ownedBy, postFields, postRow, sorted, userRow } from './kit.ts';

/** Writing: drafts and their preview link, posts and images. */
export const WRITING_ROUTES: Readonly<Record<string, Entry>> = {
  // Drafts (issue 13): another member's draft does not exist for them (404), whatever user_id they name.
  draftsSave: own(200, {
    self: 404,
    body: (s, u) => ({ id: s.ownDraft, user_id: u.id, title: `Redrafted ${s.seq}` }),
    changes: (s) => ownedBy(s.db, 'drafts', s.owner.id),
  }),
  drafts: own(200, { body: (_s, u) => ({ user_id: u.id }), private: (s) => s.draftTitle }),
  draftsDetails: own(200, { self: 404, body: (s, u) => ({ id: s.ownDraft, user_id: u.id }), private: (s) => s.draftTitle }),
  draftsDelete: own(200, { self: 404, body: (s, u) => ({ id: s.ownDraft, user_id: u.id }), changes: (s) => ownedBy(s.db, 'drafts', s.owner.id) }),
  draftsPublish: own(201, {
    self: 404,
    body: (s, u) => ({ id: s.ownDraft, user_id: u.id }),
    changes: async (s) => [await ownedBy(s.db, 'drafts', s.owner.id), await ownedBy(s.db, 'posts', s.owner.id)],
  }),
  draftsSchedule: own(200, {
    self: 404,
    body: (s, u) => ({ id: s.ownDraft, user_id: u.id, publish_at: new Date(Date.now() + 3_600_000).toISOString() }),
    changes: (s) => ownedBy(s.db, 'drafts', s.owner.id),
  }),
  draftsPreview: own(200, {
    self: 404,
    body: (s, u) => ({ id: s.ownDraft, user_id: u.id, enabled: false }),
    changes: (s) => ownedBy(s.db, 'drafts', s.owner.id),
  }),
  // Whoever holds the secret link reads the draft: that is what the link is for.
  draftPreview: open(200, { body: (s) => ({ token: s.previewToken }) }),
  addPost: own(201, {
    multipart: 'cover',
    body: (s, u) => ({ user_id: u.id, ...postFields(s, `Fresh ${s.seq}`) }),
    changes: async (s) => [await ownedBy(s.db, 'posts', s.owner.id), await userRow(s, s.owner.id)],
  }),
  // The guard refuses the owner's user_id; the service refuses the stranger's own on the owner's post.
  postsUpdate: own(200, {
    self: 403,
    multipart: 'plain',
    body: (s, u) => ({ id: s.ownPost, user_id: u.id, ...postFields(s, `Rewritten ${s.seq}`) }),
    changes: (s) => postRow(s, s.ownPost),
  }),
  deletePosts: {
    expect: { visitor: 401, stranger: 403, owner: 200 },
    body: (s) => ({ id: s.ownPost }),
    changes: async (s) => [await postRow(s, s.ownPost), await userRow(s, s.owner.id)],
  },
  // Who may comment on the owner's post (ADR 0115): the post's row says it.
  postsCommentsFrom: {
    expect: { visitor: 401, stranger: 403, owner: 200 },
    body: (s) => ({ id: s.ownPost, comments_from: ['followers', 'subscribers', 'nobody'][s.seq % 3] ?? 'nobody' }),
    changes: (s) => postRow(s, s.ownPost),
  },
  uploadImage: own(201, {
    multipart: 'cover',
    body: (_s, u) => ({ user_id: u.id }),
    changes: async (s) => sorted(await s.db.selectFrom('stored_images').selectAll().execute()),
  }),
};
