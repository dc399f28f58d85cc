import {
  blockBody,
  blockResponse,
  blockedUsersBody,
  blockedUsersResponse,
  commentBody,
  commentCreatedResponse,
  deleteByIdBody,
  followBody,
  followListBody,
  followListPage,
  followResponse,
  isFollowingBody,
  likeBody,
  likeResponse,
  MAX_ID,
  messageResponse,
  replyBody,
  saveBody,
  saveResponse,
  cursorQuery,
} from '@inkwell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewer } from '../access/viewer.ts';
import { validationError } from '../lib/errors.ts';
import type { Guards } from '../plugins/session.ts';
import type { BlocksService } from './blocks.service.ts';
import type { CommentsService } from './comments.service.ts';
import type { FollowListCursor, FollowListsService, FollowsService } from './follows.service.ts';
import type { LikesService } from './likes.service.ts';
import type { SavesService } from './saves.service.ts';

export interface SocialRoutesOptions {
  guards: Guards;
  likes: LikesService;
  saves: SavesService;
  comments: CommentsService;
  follows: FollowsService;
  followLists: FollowListsService;
  blocks: BlocksService;
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
export const socialRoutes: FastifyPluginAsyncZod<SocialRoutesOptions> = async (app, { guards, likes, saves, comments, follows, followLists, blocks }) => {
  const signedIn = { preValidation: guards.requireSession };
  // Reads on POST: marked so they leave the caches alone (every other successful POST drops them, see app.ts).
  const open = { preValidation: guards.optionalSession, config: { readOnly: true } };

  app.post('/like', { ...signedIn, schema: { body: likeBody, response: { 200: likeResponse } } }, async (request) =>
    likes.setLike(request.auth!, request.body.post_id, request.body.status === 1),
  );

  app.post('/posts/save', { ...signedIn, schema: { body: saveBody, response: { 200: saveResponse } } }, async (request) =>
    saves.setSaved(request.auth!, request.body.post_id, request.body.save_unsave === 1),
  );

  app.post('/comment', { ...signedIn, schema: { body: commentBody, response: { 200: commentCreatedResponse } } }, async (request) =>
    comments.addComment(request.auth!, request.body.post_id, request.body.comments),
  );

  app.post('/replies', { ...signedIn, schema: { body: replyBody, response: { 200: commentCreatedResponse } } }, async (request) =>
    comments.addReply(request.auth!, request.body.post_id, request.body.comment_id, request.body.reply, request.body.reply_to_id),
  );

  app.post('/comment-delete', { ...signedIn, schema: { body: deleteByIdBody, response: { 200: messageResponse } } }, async (request) => ({
    message: await comments.deleteComment(request.auth!, request.body.id),
  }));

  app.post('/reply-delete', { ...signedIn, schema: { body: deleteByIdBody, response: { 200: messageResponse } } }, async (request) => ({
    message: await comments.deleteReply(request.auth!, request.body.id),
  }));

  app.post('/follow-unfollow', { ...signedIn, schema: { body: followBody, response: { 200: followResponse } } }, async (request) =>
    follows.setFollowing(request.auth!, request.body.follow_id, request.body.followType === 1),
  );

  app.post('/is-following', { ...signedIn, config: { readOnly: true }, schema: { body: isFollowingBody, response: { 200: followResponse } } }, async (request) =>
    follows.isFollowing(request.auth!, request.body.follow_id),
  );

  // profile_id names whose list it is; a user_id, when sent, names the caller (viewer() 403s another's).
  for (const list of ['followers', 'following'] as const) {
    app.post(`/${list}`, { ...open, schema: { body: followListBody, querystring: cursorQuery, response: { 200: followListPage } } }, async (request) =>
      followLists.list(list, viewer(request, request.body.user_id), request.body.profile_id, followCursor(request.query.cursor)),
    );
  }

  app.post('/block', { ...signedIn, schema: { body: blockBody, response: { 200: blockResponse } } }, async (request) =>
    blocks.setBlocked(request.auth!, request.body.block_id, request.body.status === 1),
  );

  app.post(
    '/blocked-users',
    { ...signedIn, config: { readOnly: true }, schema: { body: blockedUsersBody, response: { 200: blockedUsersResponse } } },
    async (request) => blocks.list(request.auth!),
  );
};
