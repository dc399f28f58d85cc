import {
  addPostBody,
  deletePostBody,
  messageResponse,
  savePostResponse,
  updatePostBody,
  uploadImageFields,
  uploadImageResponse,
} from '@inkwell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../plugins/session.ts';
import type { PostsService } from './posts.service.ts';

interface Options {
  posts: PostsService;
  guards: Guards;
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

const createBody = addPostBody.extend({ image: optionalImageFile });
const editBody = updatePostBody.extend({ image: optionalImageFile });
const uploadBody = uploadImageFields.extend({ image: imageFile });

/** add-post, posts/update, delete-posts and upload-image: parse, guard, call the service. */
export const postsRoutes: FastifyPluginAsyncZod<Options> = async (app, { posts, guards }) => {
  const signedIn = { preValidation: guards.requireSession };

  app.post('/add-post', { ...signedIn, schema: { body: createBody, response: { 201: savePostResponse } } }, async (request, reply) =>
    reply.code(201).send(await posts.create(request.auth, request.body)),
  );

  app.post('/posts/update', { ...signedIn, schema: { body: editBody, response: { 200: savePostResponse } } }, async (request) =>
    posts.update(request.auth, request.body.id, request.body),
  );

  app.post('/delete-posts', { ...signedIn, schema: { body: deletePostBody, response: { 200: messageResponse } } }, async (request) => ({
    message: await posts.remove(request.auth, request.body.id),
  }));

  app.post(
    '/upload-image',
    { ...signedIn, schema: { body: uploadBody, response: { 201: uploadImageResponse } } },
    async (request, reply) => reply.code(201).send(await posts.uploadImage(request.auth, request.body.image)),
  );
};
