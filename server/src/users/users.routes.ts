import {
  getProfileDataBody,
  getProfileDataResponse,
  profileBody,
  profileResponse,
  updateProfileBody,
  updateProfileResponse,
} from '@inkwell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { sessionGuards } from '../plugins/session';
import { PROFILE_MESSAGES, type UsersService } from './users.service';

/** The multipart `profile_picture`: a file (Buffer); an empty value means no new picture. */
const pictureFile = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.custom<Buffer>((value) => Buffer.isBuffer(value), { error: 'The profile picture must be an image file.' }).optional(),
);
const updateBody = updateProfileBody.safeExtend({ profile_picture: pictureFile });

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; guards: ReturnType<typeof sessionGuards> }> = async (
  app,
  { users, guards },
) => {
  app.post(
    '/profile',
    { preValidation: guards.requireSession, schema: { body: profileBody, response: { 200: profileResponse } } },
    async (request) => ({ user: await users.getOwnProfile(request.auth!, request.body.id) }),
  );

  app.post(
    '/update-profile',
    { preValidation: guards.requireSession, schema: { body: updateBody, response: { 200: updateProfileResponse } } },
    async (request) => {
      const { id, new_password_confirmation: _confirmation, ...changes } = request.body;
      return { message: PROFILE_MESSAGES.updated, user: await users.updateProfile(request.auth!, id, changes) };
    },
  );

  app.post(
    '/get-profile-data',
    { schema: { body: getProfileDataBody, response: { 200: getProfileDataResponse } } },
    async (request) => ({ data: await users.getPublicProfile(request.body.id) }),
  );
};
