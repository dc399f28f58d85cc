import type { PostDetail } from '@inkwell/contract';
import type { FastifyPluginAsync } from 'fastify';
import { JSON_TYPE, SharedAnswers, sendEncoded } from '../lib/encoded-body.ts';
import { validationError } from '../lib/errors.ts';
import { route } from '../plugins/endpoint.ts';
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


export const feedRoutes: FastifyPluginAsync<{ feed: FeedService }> = async (app, { feed }) => {
  // Reads: they leave the feed cache alone (every other successful POST drops it, see app.ts).
  route(app, 'viewPosts', async (request) => feed.forYou(viewer(request, request.body.user_id), idCursor(request.query.cursor)));

  route(app, 'followingPosts', async (request) => feed.following(request.auth!.userId, idCursor(request.query.cursor)));

  route(app, 'categoriesName', async (request) => ({
    posts: await feed.category(viewer(request, request.body.user_id), request.body.category_id, idCursor(request.query.cursor)),
  }));

  route(app, 'authorPosts', async (request) =>
    feed.author(viewer(request, request.body.user_id), request.body.author_id, idCursor(request.query.cursor)),
  );

  route(app, 'savedPosts', async (request) => feed.saved(request.auth!.userId, savedCursor(request.query.cursor)));

  // A kept page's answer is serialised and compressed once per like-and-save variant (lib/encoded-body.ts).
  const postAnswers = new SharedAnswers<PostDetail>();
  route(app, 'postDetails', async (request, reply) => {
    const { post, shared } = await feed.details(viewer(request, request.body.user_id), request.body.post_id);
    if (!shared) return { post };
    const body = postAnswers.get(shared.page, shared.variant, () => reply.serialize({ post }) as string);
    return sendEncoded(request, reply, body, JSON_TYPE);
  });

  route(app, 'postsRelated', async (request) => ({
    related_posts: await feed.related(viewer(request, request.body.user_id), request.body.id),
  }));
};
