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
import type { sessionGuards } from '../plugins/session.ts';
import type { AccountService } from './account.service.ts';
import { PROFILE_MESSAGES, type UsersService } from './users.service.ts';

/** The multipart `profile_picture`: a file (Buffer); an empty value means no new picture. */
const pictureFile = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.custom<Buffer>((value) => Buffer.isBuffer(value), { error: 'The profile picture must be an image file.' }).optional(),
);
const updateBody = updateProfileBody.safeExtend({ profile_picture: pictureFile });

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; account: AccountService; guards: ReturnType<typeof sessionGuards> }> = async (
  app,
  { users, account, guards },
) => {
  app.post(
    '/profile',
    { preValidation: guards.requireSession, config: { readOnly: true }, schema: { body: profileBody, response: { 200: profileResponse } } },
    async (request) => ({ user: await users.getOwnProfile(request.auth!, request.body.id) }),
  );

  app.post(
    '/update-profile',
    { preValidation: guards.requireSession, schema: { body: updateBody, response: { 200: updateProfileResponse } } },
    async (request) => {
      const { id, new_password_confirmation: _confirmation, email, ...changes } = request.body;
      // A new address is only asked for here (a link goes to it); the other fields change at once.
      const emailMessage = email === undefined ? undefined : await account.requestEmailChange(request.auth!, id, email, changes.current_password);
      const user = await users.updateProfile(request.auth!, id, changes);
      return { message: emailMessage ?? PROFILE_MESSAGES.updated, user };
    },
  );

  app.post(
    '/get-profile-data',
    { config: { readOnly: true }, schema: { body: getProfileDataBody, response: { 200: getProfileDataResponse } } },
    async (request) => ({ data: await users.getPublicProfile(request.body.id) }),
  );
};
