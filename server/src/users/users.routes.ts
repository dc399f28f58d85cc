import { getProfileDataBody, getProfileDataResponse, profileBody, profileResponse } from '@inkwell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { sessionGuards } from '../plugins/session';
import type { UsersService } from './users.service';

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
    '/get-profile-data',
    { schema: { body: getProfileDataBody, response: { 200: getProfileDataResponse } } },
    async (request) => ({ data: await users.getPublicProfile(request.body.id) }),
  );
};
