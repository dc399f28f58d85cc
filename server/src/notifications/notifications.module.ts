import { plural } from '@inkwell/contract';
import type { FastifyInstance } from 'fastify';
import type { AppCore, AppModule } from '../deps.ts';
import type { Guards } from '../plugins/session.ts';
import { NotificationMailer } from './digest.ts';
import { NotificationHub } from './live.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { createNotificationsService } from './notifications.service.ts';
import { PostFanout } from './post-fanout.ts';
import { createUnsubscribe } from './unsubscribe.ts';
import { unsubscribeApiRoutes, unsubscribeOneClickRoutes } from './unsubscribe.routes.ts';

/**
 * Notifications: the list and its live stream (open streams end before the server closes), the
 * digest mails and their one-click unsubscribe, and a new story told to its writer's followers
 * (`story.published`: owed in the publishing transaction, fanned out after it; what a process left
 * unfinished is taken up by the `story-fanouts` job anywhere).
 */
export function notificationsModule(app: FastifyInstance, core: AppCore, guards: Guards): AppModule {
  const { db, config } = core;
  const notifications = createNotificationsService(db);
  const hub = new NotificationHub(core.database, { pollMs: config.notifications.livePollMs, log: app.log });
  app.decorate('notificationHub', hub);
  // Open streams end before the server closes (it would otherwise wait for them).
  app.addHook('preClose', () => hub.close());
  const unsubscribe = createUnsubscribe(db);
  const postFanout = new PostFanout(db, app.log);
  postFanout.reactTo(core.events);
  app.decorate('postFanout', postFanout);
  // Fan-outs under way finish their batch first (what is left is owed and taken up by the next process).
  app.addHook('onClose', () => postFanout.stop());
  const digestOptions = {
    windowMs: config.notifications.digestMs,
    pollMs: config.notifications.digestPollMs,
    publicUrl: config.publicUrl,
    storagePublicUrl: config.storage.publicUrl,
  };
  const notificationMailer = new NotificationMailer(db, core.outbox, unsubscribe, digestOptions);
  app.decorate('notificationMailer', notificationMailer);
  return {
    name: 'notifications',
    api: async (api) => {
      await api.register(notificationsRoutes, { notifications, hub, guards, config });
      await api.register(unsubscribeApiRoutes, { unsubscribe });
    },
    routes: async (root) => {
      await root.register(unsubscribeOneClickRoutes, { unsubscribe });
    },
    jobs: [
      { name: 'notification-digests', everyMs: config.notifications.digestPollMs, lease: false, run: async () => (await notificationMailer.flush(), {}) },
      {
        name: 'story-fanouts',
        everyMs: config.notifications.digestPollMs,
        lease: false,
        run: async () => {
          const ran = await postFanout.sweep();
          return ran > 0 ? { said: `Took up ${plural(ran, 'unfinished story fan-out')}` } : {};
        },
      },
    ],
  };
}
