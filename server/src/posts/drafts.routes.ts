import { DRAFT_MESSAGES } from '@inkwell/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../plugins/endpoint.ts';
import type { DraftsService } from './drafts.service.ts';

/** Drafts under /api/user (issue 13): every call is the signed-in writer's, on their own drafts; the preview is open. */
export const draftsRoutes: FastifyPluginAsync<{ drafts: DraftsService }> = async (app, { drafts }) => {
  const me = (auth: { userId: number } | null) => auth!.userId;
  /** The draft a call names, for the access policy: another's is not found (route() asks it first). */
  const owned = { owner: (request: { body: { id?: number } }) => drafts.ownerOf(request.body.id) };

  route(
    app,
    'draftsSave',
    async (request, reply) => {
      const { created, draft } = await drafts.save(me(request.auth), request.body);
      return reply.code(created ? 201 : 200).send({ message: DRAFT_MESSAGES.saved, draft });
    },
    owned,
  );

  route(app, 'drafts', async (request) => ({
    data: await drafts.list(me(request.auth)),
  }));

  route(app, 'draftsDetails', async (request) => ({ draft: await drafts.details(me(request.auth), request.body.id) }), owned);

  route(app, 'draftsDelete', async (request) => ({ message: await drafts.remove(me(request.auth), request.body.id) }), owned);

  route(app, 'draftsPublish', async (request) => drafts.publish(me(request.auth), request.body.id, request.body.email_subscribers), owned);

  route(app, 'draftsSchedule', async (request) => drafts.schedule(me(request.auth), request.body.id, request.body.publish_at, request.body.email_subscribers), owned);

  route(app, 'draftsPreview', async (request) => drafts.preview(me(request.auth), request.body.id, request.body.enabled), owned);

  // Open: whoever holds the secret link reads the draft, signed in or not.
  route(app, 'draftPreview', async (request) => ({
    preview: await drafts.byPreviewToken(request.body.token),
  }));
};
