import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { route } from '../plugins/endpoint.ts';
import type { AccountService } from './account.service.ts';
import { PROFILE_MESSAGES, type UsersService } from './users.service.ts';

/** The multipart `profile_picture`: a file (Buffer); an empty value means no new picture. */
const pictureFile = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.custom<Buffer>((value) => Buffer.isBuffer(value), { error: 'The profile picture must be an image file.' }).optional(),
);

/**
 * `fediverse`, when federation is on: this server's host (a member with a username is followed from the
 * fediverse as `@username@host`); else null. Their followers there are counted in followers_count.
 */
export const usersRoutes: FastifyPluginAsync<{
  users: UsersService;
  account: AccountService;
  fediverse: { host: string } | null;
}> = async (app, { users, account, fediverse }) => {
  route(app, 'ownProfile', async (request) => ({ user: await users.getOwnProfile(request.auth!, request.body.id) }));

  route(
    app,
    'updateProfile',
    async (request) => {
      const { id, new_password_confirmation: _confirmation, email, ...changes } = request.body;
      // A new address is only asked for here (a link goes to it); the other fields change at once.
      const emailMessage = email === undefined ? undefined : await account.requestEmailChange(request.auth!, id, email, changes.current_password);
      const user = await users.updateProfile(request.auth!, id, changes);
      return { message: emailMessage ?? PROFILE_MESSAGES.updated, user };
    },
    { file: pictureFile },
  );

  route(app, 'getProfileData', async (request) => {
    const profile = await users.getPublicProfile(request.body.id);
    // An account elsewhere is followed by its own handle there (`elsewhere.handle`), not by one of ours.
    if (!fediverse || profile.elsewhere) return { data: { ...profile, fediverse_handle: null } };
    return { data: { ...profile, fediverse_handle: profile.username ? `@${profile.username}@${fediverse.host}` : null } };
  });
};
