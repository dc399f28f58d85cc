import { type Entry, authorOrPostOwner, onPost, own, ownedBy, postRow, sorted, thread, userRow } from './kit.ts';

/** Members with posts and each other: likes, saves, comments and replies, follows, blocks, the data export, help and reports. */
export const SOCIAL_ROUTES: Readonly<Record<string, Entry>> = {
  like: own(200, {
    body: (s, u) => ({ user_id: u.id, post_id: s.theirPost, status: 1 }),
    changes: async (s) => [await onPost(s, 'likes', s.theirPost), await postRow(s, s.theirPost)],
  }),
  postsSave: own(200, {
    body: (s, u) => ({ user_id: u.id, post_id: s.theirPost, save_unsave: 1 }),
    changes: (s) => onPost(s, 'saves', s.theirPost),
  }),
  comment: own(200, { body: (s, u) => ({ user_id: u.id, post_id: s.theirPost, comments: 'A comment' }), changes: thread }),
  replies: own(200, {
    body: (s, u) => ({ user_id: u.id, post_id: s.theirPost, comment_id: s.theirComment, reply: 'A reply' }),
    changes: thread,
  }),
  commentDelete: authorOrPostOwner((s) => s.comment),
  replyDelete: authorOrPostOwner((s) => s.reply),
  // Hidden from its readers by the story's writer alone (ADR 0113): not by its own writer, nor a stranger.
  writingHide: { expect: { visitor: 401, stranger: 403, owner: 403, postOwner: 200 }, body: (s) => ({ kind: 'comment', id: s.comment, hidden: 1 }), changes: thread },
  // The owner follows postOwner; followType 0 unfollows.
  followUnfollow: own(200, {
    body: (s, u) => ({ user_id: u.id, follow_id: s.postOwner.id, followType: 0 }),
    changes: async (s) => [sorted(await s.db.selectFrom('follows').selectAll().where('following_id', '=', s.postOwner.id).execute()), await userRow(s, s.postOwner.id)],
  }),
  // Nobody follows the owner here: nothing to remove (404); another's user_id is refused first.
  removeFollower: own(404, { body: (s, u) => ({ user_id: u.id, follower_id: s.postOwner.id }) }),
  isFollowing: own(200, {
    body: (s, u) => ({ user_id: u.id, follow_id: s.postOwner.id }),
    private: () => '"is_following":true',
  }),
  block: own(200, {
    body: (s, u) => ({ user_id: u.id, block_id: s.postOwner.id, status: 1 }),
    changes: async (s) => [
      sorted(await s.db.selectFrom('blocks').selectAll().where('blocked_id', '=', s.postOwner.id).execute()),
      sorted(await s.db.selectFrom('follows').selectAll().where('following_id', '=', s.postOwner.id).execute()),
    ],
  }),
  blockedUsers: own(200, { body: (_s, u) => ({ user_id: u.id }) }),
  // The owner bans postOwner from commenting on the owner's stories (ADR 0116); another's user_id is refused first.
  commentBanSet: own(200, {
    body: (s, u) => ({ user_id: u.id, reader_id: s.postOwner.id, banned: 1 }),
    changes: async (s) => sorted(await s.db.selectFrom('comment_bans').selectAll().where('reader_id', '=', s.postOwner.id).execute()),
  }),
  commentBans: own(200, { body: (_s, u) => ({ user_id: u.id }) }),
  exportData: own(200, { body: (_s, u) => ({ user_id: u.id }) }),
  help: own(201, {
    body: (_s, u) => ({ user_id: u.id, message: 'Please help' }),
    changes: (s) => ownedBy(s.db, 'help_requests', s.owner.id),
  }),
  // The owner reports postOwner's post (a case opens with it); the stranger naming themselves reports it too.
  report: own(201, {
    body: (s, u) => ({ user_id: u.id, kind: 'post', target_id: s.theirPost, category: 'spam' }),
    changes: async (s) => [sorted(await s.db.selectFrom('reports').selectAll().execute()), sorted(await s.db.selectFrom('cases').selectAll().execute())],
  }),
  reportTarget: own(200, { body: (s, u) => ({ user_id: u.id, kind: 'post', target_id: s.theirPost }) }),
  myReports: own(200, { body: (_s, u) => ({ user_id: u.id }) }),
};
