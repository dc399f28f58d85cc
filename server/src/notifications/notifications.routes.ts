import { notificationsBody, notificationsResponse } from '@inkwell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { sessionGuards } from '../plugins/session';
import type { NotificationsService } from './notifications.service';

export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
  guards: ReturnType<typeof sessionGuards>;
}> = async (app, { notifications, guards }) => {
  app.post(
    '/notifications',
    { preValidation: guards.requireSession, schema: { body: notificationsBody, response: { 200: notificationsResponse } } },
    async (request) => ({ notifications: await notifications.list(request.auth!) }),
  );
};
