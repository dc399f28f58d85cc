import {
  blockBody,
  blockResponse,
  blockedUsersBody,
  blockedUsersResponse,
  commentBody,
  commentCreatedResponse,
  deleteByIdBody,
  followBody,
  followResponse,
  isFollowingBody,
  likeBody,
  likeResponse,
  messageResponse,
  replyBody,
  saveBody,
  saveResponse,
} from '@inkwell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../plugins/session';
import type { BlocksService } from './blocks.service';
import type { CommentsService } from './comments.service';
import type { FollowsService } from './follows.service';
import type { LikesService } from './likes.service';
import type { SavesService } from './saves.service';

export interface SocialRoutesOptions {
  guards: Guards;
  likes: LikesService;
  saves: SavesService;
  comments: CommentsService;
  follows: FollowsService;
  blocks: BlocksService;
}

/** The social calls of SPEC §7; every one needs a session (the guard also 403s another user_id). */
export const socialRoutes: FastifyPluginAsyncZod<SocialRoutesOptions> = async (app, { guards, likes, saves, comments, follows, blocks }) => {
  const signedIn = { preValidation: guards.requireSession };

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
    comments.addReply(request.auth!, request.body.post_id, request.body.comment_id, request.body.reply),
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

  app.post('/block', { ...signedIn, schema: { body: blockBody, response: { 200: blockResponse } } }, async (request) =>
    blocks.setBlocked(request.auth!, request.body.block_id, request.body.status === 1),
  );

  app.post(
    '/blocked-users',
    { ...signedIn, config: { readOnly: true }, schema: { body: blockedUsersBody, response: { 200: blockedUsersResponse } } },
    async (request) => blocks.list(request.auth!),
  );
};
