import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from '../lib/errors.ts';
import { route } from '../plugins/endpoint.ts';
import type { Guards } from '../plugins/session.ts';
import type { NotificationHub } from './live.ts';
import type { NotificationsService } from './notifications.service.ts';
import { NotificationStream } from './stream.ts';

function lastEventId(header: string | string[] | undefined, query: string | undefined): number | undefined {
  const raw = (typeof header === 'string' ? header : undefined) ?? query;
  return raw !== undefined && /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : undefined;
}

export const notificationsRoutes: FastifyPluginAsync<{
  notifications: NotificationsService;
  hub: NotificationHub;
  guards: Guards;
  config: Config;
}> = async (app, { notifications, hub, guards, config }) => {
  route(app, 'notifications', async (request) => notifications.list(request.auth!));

  route(app, 'notificationsSeen', async (request) => {
    const answer = await notifications.seen(request.auth!, request.body.ids);
    await hub.announceSeen(request.auth!.userId);
    return answer;
  });

  // Server-Sent Events: new notifications reach every open tab of the member within a second.
  route(app, 'notificationsStream', async (request, reply) => {
    const auth = request.auth!;
    const limits = config.notifications;
    if (hub.size >= limits.streamsMax) {
      throw new HttpError(503, 'Too many open notification streams. Please try again soon.', undefined, { 'retry-after': String(config.overload.retryAfterSeconds) });
    }
    // A member's oldest streams give way to a new one past the per-member limit.
    const open = hub.streamsOf(auth.userId);
    for (const old of open.slice(0, Math.max(0, open.length - limits.streamsPerMember + 1))) old.close();

    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    const stream = new NotificationStream(reply.raw, {
      userId: auth.userId,
      lastEventId: lastEventId(request.headers['last-event-id'], request.query.last_event_id),
      heartbeatMs: limits.heartbeatMs,
      stillSignedIn: () => guards.stillSignedIn(auth),
      notifications,
      log: request.log,
    });
    stream.attach(hub.subscribe(stream));
    stream.start();
  });
};
