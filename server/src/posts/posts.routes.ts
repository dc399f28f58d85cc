import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { route } from '../plugins/endpoint.ts';
import type { PostsService } from './posts.service.ts';

interface Options {
  posts: PostsService;
}

const IMAGE_REQUIRED = 'The image field is required.';
const IMAGE_NOT_FILE = 'The image must be an image file.';

/**
 * The multipart file `image`: a Buffer (attachFieldsToBody 'keyValues'). Text in its place, or several
 * files, is a 422. A post's cover is optional (SPEC §5 requires title, subtitle and category only): an
 * absent or empty value means no cover on add-post (the default image shows, SPEC §8) and keeps the
 * cover on update. upload-image needs its file.
 */
const imageFile = z.custom<Buffer>((value) => Buffer.isBuffer(value), {
  error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? IMAGE_REQUIRED : IMAGE_NOT_FILE),
});
/** A browser form whose file input was left empty sends an empty part (no file name, no bytes): no image. */
const noImage = (value: unknown) => value === '' || value === null || (Buffer.isBuffer(value) && value.length === 0);
const optionalImageFile = z.preprocess((value) => (noImage(value) ? undefined : value), imageFile.optional());

/** add-post, posts/update, delete-posts and upload-image: parse, guard, call the service. */
export const postsRoutes: FastifyPluginAsync<Options> = async (app, { posts }) => {
  route(app, 'addPost', async (request) => posts.create(request.auth, request.body), { file: optionalImageFile });

  route(app, 'postsUpdate', async (request) => posts.update(request.auth, request.body.id, request.body), {
    file: optionalImageFile,
    owner: (request) => posts.ownerOf(request.body.id),
  });

  route(app, 'deletePosts', async (request) => ({ message: await posts.remove(request.auth, request.body.id) }), { owner: (request) => posts.ownerOf(request.body.id) });

  route(app, 'postsCommentsFrom', async (request) => posts.setCommentsFrom(request.auth, request.body.id, request.body.comments_from), {
    owner: (request) => posts.ownerOf(request.body.id),
  });

  route(app, 'uploadImage', async (request) => posts.uploadImage(request.auth, request.body.image), { file: imageFile });
};
