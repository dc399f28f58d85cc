import {
  authorPostsBody,
  categoryPostsBody,
  categoryPostsResponse,
  followingPostsBody,
  postDetailsBody,
  postDetailsResponse,
  type PostDetail,
  postPage,
  relatedPostsBody,
  relatedPostsResponse,
  savedPostsBody,
  viewPostsBody,
  cursorQuery,
} from '@inkwell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { JSON_TYPE, SharedAnswers, sendEncoded } from '../lib/encoded-body.ts';
import { validationError } from '../lib/errors.ts';
import type { Guards } from '../plugins/session.ts';
import { viewer } from '../access/viewer.ts';
import { FIRST_CURSOR } from './feed.repository.ts';
import type { FeedService } from './feed.service.ts';


/** A keyset cursor: a post id below which the next page starts. */
function idCursor(text: string | undefined): number {
  if (text === undefined || text === '') return FIRST_CURSOR;
  if (!/^\d{1,10}$/.test(text) || Number(text) > FIRST_CURSOR) throw validationError({ cursor: ['The cursor is invalid.'] });
  return Number(text);
}

function savedCursor(text: string | undefined) {
  if (text === undefined || text === '') return undefined;
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?Z)\|(\d{1,10})$/.exec(text);
  if (!match) throw validationError({ cursor: ['The cursor is invalid.'] });
  return { savedAt: match[1]!, postId: Number(match[2]) };
}


export const feedRoutes: FastifyPluginAsyncZod<{ feed: FeedService; guards: Guards }> = async (app, { feed, guards }) => {
  // Reads: they leave the feed cache alone (every other successful POST drops it, see app.ts).
  const open = { preValidation: guards.optionalSession, config: { readOnly: true } };
  const signedIn = { preValidation: guards.requireSession, config: { readOnly: true } };

  app.post('/view-posts', { ...open, schema: { body: viewPostsBody, querystring: cursorQuery, response: { 200: postPage } } }, async (request) =>
    feed.forYou(viewer(request, request.body.user_id), idCursor(request.query.cursor)),
  );

  app.post(
    '/following/posts',
    { ...signedIn, schema: { body: followingPostsBody, querystring: cursorQuery, response: { 200: postPage } } },
    async (request) => feed.following(request.auth!.userId, idCursor(request.query.cursor)),
  );

  app.post(
    '/categories-name',
    { ...open, schema: { body: categoryPostsBody, querystring: cursorQuery, response: { 200: categoryPostsResponse } } },
    async (request) => ({
      posts: await feed.category(viewer(request, request.body.user_id), request.body.category_id, idCursor(request.query.cursor)),
    }),
  );

  app.post(
    '/author-posts',
    { ...open, schema: { body: authorPostsBody, querystring: cursorQuery, response: { 200: postPage } } },
    async (request) => feed.author(viewer(request, request.body.user_id), request.body.author_id, idCursor(request.query.cursor)),
  );

  app.post(
    '/saved-posts',
    { ...signedIn, schema: { body: savedPostsBody, querystring: cursorQuery, response: { 200: postPage } } },
    async (request) => feed.saved(request.auth!.userId, savedCursor(request.query.cursor)),
  );

  // A kept page's answer is serialised and compressed once per like-and-save variant (lib/encoded-body.ts).
  const postAnswers = new SharedAnswers<PostDetail>();
  app.post('/post/details', { ...open, schema: { body: postDetailsBody, response: { 200: postDetailsResponse } } }, async (request, reply) => {
    const { post, shared } = await feed.details(viewer(request, request.body.user_id), request.body.post_id);
    if (!shared) return { post };
    const body = postAnswers.get(shared.page, shared.variant, () => reply.serialize({ post }) as string);
    return sendEncoded(request, reply, body, JSON_TYPE);
  });

  app.post('/posts/related', { ...open, schema: { body: relatedPostsBody, response: { 200: relatedPostsResponse } } }, async (request) => ({
    related_posts: await feed.related(viewer(request, request.body.user_id), request.body.id),
  }));
};
