import {
  draftDetailsResponse,
  draftIdBody,
  draftPreviewBody,
  draftPreviewResponse,
  draftResponse,
  draftsResponse,
  messageResponse,
  previewBody,
  saveDraftBody,
  savePostResponse,
  scheduleDraftBody,
  DRAFT_MESSAGES,
  draftsBody,
} from '@inkwell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../plugins/session.ts';
import type { DraftsService } from './drafts.service.ts';

/** Drafts under /api/user (issue 13): every call is the signed-in writer's, on their own drafts; the preview is open. */
export const draftsRoutes: FastifyPluginAsyncZod<{ drafts: DraftsService; guards: Guards }> = async (app, { drafts, guards }) => {
  const signedIn = { preValidation: guards.requireSession };
  const reading = { ...signedIn, config: { readOnly: true } };
  const me = (auth: { userId: number } | null) => auth!.userId;

  app.post('/drafts/save', { ...signedIn, schema: { body: saveDraftBody, response: { 200: draftResponse, 201: draftResponse } } }, async (request, reply) => {
    const { created, draft } = await drafts.save(me(request.auth), request.body);
    return reply.code(created ? 201 : 200).send({ message: DRAFT_MESSAGES.saved, draft });
  });

  app.post('/drafts', { ...reading, schema: { body: draftsBody, response: { 200: draftsResponse } } }, async (request) => ({
    data: await drafts.list(me(request.auth)),
  }));

  app.post('/drafts/details', { ...reading, schema: { body: draftIdBody, response: { 200: draftDetailsResponse } } }, async (request) => ({
    draft: await drafts.details(me(request.auth), request.body.id),
  }));

  app.post('/drafts/delete', { ...signedIn, schema: { body: draftIdBody, response: { 200: messageResponse } } }, async (request) => ({
    message: await drafts.remove(me(request.auth), request.body.id),
  }));

  app.post('/drafts/publish', { ...signedIn, schema: { body: draftIdBody, response: { 201: savePostResponse } } }, async (request, reply) =>
    reply.code(201).send(await drafts.publish(me(request.auth), request.body.id)),
  );

  app.post('/drafts/schedule', { ...signedIn, schema: { body: scheduleDraftBody, response: { 200: draftResponse } } }, async (request) =>
    drafts.schedule(me(request.auth), request.body.id, request.body.publish_at),
  );

  app.post('/drafts/preview', { ...signedIn, schema: { body: draftPreviewBody, response: { 200: draftResponse } } }, async (request) =>
    drafts.preview(me(request.auth), request.body.id, request.body.enabled),
  );

  // Open: whoever holds the secret link reads the draft, signed in or not.
  app.post('/draft-preview', { config: { readOnly: true }, schema: { body: previewBody, response: { 200: draftPreviewResponse } } }, async (request) => ({
    preview: await drafts.byPreviewToken(request.body.token),
  }));
};
