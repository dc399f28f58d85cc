import { MAX_ID } from '@inkwell/contract';
import type { FastifyPluginAsync } from 'fastify';
import { viewer } from '../access/viewer.ts';
import { validationError } from '../lib/errors.ts';
import { route } from '../plugins/endpoint.ts';
import type { createAuthorHides } from './author-hides.service.ts';
import type { BlocksService } from './blocks.service.ts';
import type { createCommentBans } from './comment-bans.service.ts';
import type { CommentsService } from './comments.service.ts';
import type { FollowListCursor, FollowListsService, FollowsService } from './follows.service.ts';
import type { LikesService } from './likes.service.ts';
import type { SavesService } from './saves.service.ts';

export interface SocialRoutesOptions {
  likes: LikesService;
  saves: SavesService;
  comments: CommentsService;
  follows: FollowsService;
  followLists: FollowListsService;
  blocks: BlocksService;
  authorHides: ReturnType<typeof createAuthorHides>;
  commentBans: ReturnType<typeof createCommentBans>;
}

/** A list's keyset cursor from next_page_url: "<followed at>|<member id>"; anything else is 422. */
function followCursor(text: string | undefined): FollowListCursor | undefined {
  if (text === undefined || text === '') return undefined;
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?Z)\|(\d{1,10})$/.exec(text);
  if (!match || Number(match[2]) > MAX_ID) throw validationError({ cursor: ['The cursor is invalid.'] });
  return { at: match[1]!, id: Number(match[2]) };
}

/**
 * The social calls of SPEC §7; every one needs a session (the guard also 403s another user_id), except
 * the followers and following lists, open reads like the feeds.
 */
export const socialRoutes: FastifyPluginAsync<SocialRoutesOptions> = async (app, { likes, saves, comments, follows, followLists, blocks, authorHides, commentBans }) => {
  route(app, 'like', async (request) => likes.setLike(request.auth!, request.body.post_id, request.body.status === 1));

  route(app, 'postsSave', async (request) => saves.setSaved(request.auth!, request.body.post_id, request.body.save_unsave === 1));

  route(app, 'comment', async (request) => comments.addComment(request.auth!, request.body.post_id, request.body.comments, request.body));

  route(app, 'replies', async (request) =>
    comments.addReply(request.auth!, request.body.post_id, request.body.comment_id, request.body.reply, { replyToId: request.body.reply_to_id, guard: request.body }),
  );

  route(app, 'commentDelete', async (request) => ({ message: await comments.deleteComment(request.auth!, request.body.id) }), {
    owner: (request) => comments.ownerOf('comment', request.body.id),
  });

  route(app, 'replyDelete', async (request) => ({ message: await comments.deleteReply(request.auth!, request.body.id) }), {
    owner: (request) => comments.ownerOf('reply', request.body.id),
  });

  // The story's writer hides a comment or reply on it, or shows it again (ADR 0113).
  route(app, 'writingHide', async (request) => authorHides.set(request.auth!, request.body.kind, request.body.id, request.body.hidden === 1), {
    owner: (request) => comments.ownerOf(request.body.kind, request.body.id),
  });

  route(app, 'followUnfollow', async (request) => follows.setFollowing(request.auth!, request.body.follow_id, request.body.followType === 1));

  route(app, 'isFollowing', async (request) => follows.isFollowing(request.auth!, request.body.follow_id));

  // profile_id names whose list it is; a user_id, when sent, names the caller (viewer() 403s another's).
  for (const list of ['followers', 'following'] as const) {
    route(app, list, async (request) => followLists.list(list, viewer(request, request.body.user_id), request.body.profile_id, followCursor(request.query.cursor)));
  }

  route(app, 'removeFollower', async (request) => follows.removeFollower(request.auth!, request.body.follower_id));

  route(app, 'block', async (request) => blocks.setBlocked(request.auth!, request.body.block_id, request.body.status === 1));

  route(app, 'blockedUsers', async (request) => blocks.list(request.auth!));

  // A writer bans a reader from commenting on their stories, or lifts it; and whom they banned (ADR 0116).
  route(app, 'commentBanSet', async (request) => commentBans.set(request.auth!, request.body.reader_id, request.body.banned === 1));

  route(app, 'commentBans', async (request) => commentBans.list(request.auth!));
};
