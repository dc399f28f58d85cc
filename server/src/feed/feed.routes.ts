import type { PostDetail } from '@inkwell/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { PageCache } from '../cache/page-cache.ts';
import { EncodedBody, JSON_TYPE, SharedAnswers, sendEncoded } from '../lib/encoded-body.ts';
import { validationError } from '../lib/errors.ts';
import { idCursor } from '../lib/id-cursor.ts';
import { route } from '../plugins/endpoint.ts';
import { viewer } from '../access/viewer.ts';
import { FIRST_CURSOR } from './feed.repository.ts';
import type { FeedService } from './feed.service.ts';

/** A keyset cursor: a post id below which the next page starts (absent: the first page). */
const postCursor = (text: string | undefined): number => idCursor(text) ?? FIRST_CURSOR;

function savedCursor(text: string | undefined) {
  if (text === undefined || text === '') return undefined;
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?Z)\|(\d{1,10})$/.exec(text);
  if (!match) throw validationError({ cursor: ['The cursor is invalid.'] });
  return { savedAt: match[1]!, postId: Number(match[2]) };
}

/**
 * What a feed call answers, kept as bytes per reader and page (`answers`, a sibling of the feed cache:
 * any write drops it as it drops the pages): a reader who comes back, or the next of many visitors,
 * gets the same bytes with no reading, merging or serialising.
 */
export const feedRoutes: FastifyPluginAsync<{ feed: FeedService; answers: PageCache<EncodedBody> }> = async (app, { feed, answers }) => {
  /** The kept answer, sent at once when there is one, else made, kept and sent. */
  const kept = (request: FastifyRequest, reply: FastifyReply, key: string, make: () => Promise<unknown>) => {
    const body = answers.find(key);
    if (body) return sendEncoded(request, reply, body, JSON_TYPE);
    return answers.remember(key, async () => new EncodedBody(reply.serialize(await make()) as string)).then((made) => sendEncoded(request, reply, made, JSON_TYPE));
  };

  const ENCODES_ITSELF = { encodesItself: true };

  // Reads: they leave the feed cache alone (every other successful POST drops it, see app.ts).
  route(
    app,
    'viewPosts',
    (request, reply) => {
      const reader = viewer(request, request.body.user_id);
      const cursor = postCursor(request.query.cursor);
      return kept(request, reply, `for-you:${reader}:${cursor}`, () => feed.forYou(reader, cursor));
    },
    ENCODES_ITSELF,
  );

  route(
    app,
    'followingPosts',
    (request, reply) => {
      const reader = request.auth!.userId;
      const cursor = postCursor(request.query.cursor);
      return kept(request, reply, `following:${reader}:${cursor}`, () => feed.following(reader, cursor));
    },
    ENCODES_ITSELF,
  );

  route(
    app,
    'categoriesName',
    (request, reply) => {
      const reader = viewer(request, request.body.user_id);
      const { category_id: topic } = request.body;
      const cursor = postCursor(request.query.cursor);
      return kept(request, reply, `topic:${reader}:${topic}:${cursor}`, async () => ({ posts: await feed.category(reader, topic, cursor) }));
    },
    ENCODES_ITSELF,
  );

  route(
    app,
    'authorPosts',
    (request, reply) => {
      const reader = viewer(request, request.body.user_id);
      const { author_id: author } = request.body;
      const cursor = postCursor(request.query.cursor);
      return kept(request, reply, `author:${reader}:${author}:${cursor}`, () => feed.author(reader, author, cursor));
    },
    ENCODES_ITSELF,
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
