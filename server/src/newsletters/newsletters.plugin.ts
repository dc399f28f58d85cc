import { actingFor } from '../access/policy.ts';
import { paths } from '@inkwell/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../plugins/endpoint.ts';
import type { MemberSubscriptions } from './member-subscriptions.ts';
import type { Newsletters } from './newsletters.service.ts';
import type { ImportSubscribers } from './subscribers-import.ts';

/**
 * A writer's newsletter under /api/user: subscribe (a visitor's address is confirmed from a mail, a
 * member's own at once), the confirmation page's two calls, the unsubscribe page's call (no session),
 * the writer's list (its CSV export and import), and a member's own subscriptions (the follow tick, Settings).
 */
export const newslettersPlugin: FastifyPluginAsync<{ newsletters: Newsletters; importSubscribers: ImportSubscribers; memberSubscriptions: MemberSubscriptions }> = async (
  app,
  { newsletters, importSubscribers, memberSubscriptions },
) => {
  route(app, 'newsletterSubscribe', async (request) => newsletters.subscribe(request.auth ? actingFor(request.auth) : null, request.body));
  route(app, 'newsletterConfirmation', async (request) => newsletters.confirmation(request.body.token));
  route(app, 'newsletterConfirm', async (request) => newsletters.confirm(request.body.token));
  route(app, 'newsletterUnsubscribe', async (request) => newsletters.unsubscribe(request.body.token, request.body.subscribe ?? false));
  route(app, 'newsletterSubscribers', async (request) => newsletters.subscribers(actingFor(request.auth!), request.body.cursor));
  route(app, 'newsletterExport', async (request, reply) => {
    const csv = await newsletters.exportCsv(actingFor(request.auth!));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="inkwell-subscribers-${new Date().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
  route(app, 'newsletterSettings', async (request) => newsletters.setWelcome(actingFor(request.auth!), request.body.welcome));
  route(app, 'newsletterImport', async (request) => importSubscribers(actingFor(request.auth!), request.body.csv, request.body.consent ?? false));
  route(app, 'newsletterMemberStatus', async (request) => memberSubscriptions.status(actingFor(request.auth!), request.body.writer_id));
  route(app, 'newsletterMember', async (request) => memberSubscriptions.set(actingFor(request.auth!), request.body));
  route(app, 'newsletterFollowing', async (request) => memberSubscriptions.following(actingFor(request.auth!), request.body.cursor));
  route(app, 'newsletterRemoveSubscriber', async (request) => newsletters.remove(actingFor(request.auth!), request.body.subscriber_id));
};

/**
 * POST /newsletter/unsubscribe?token=…: RFC 8058 one-click, the address every newsletter mail's
 * List-Unsubscribe names (its GET is the page with the button). No per-address limit: a mail provider
 * posts for many readers from a few addresses, and a token cannot be guessed.
 */
export const newsletterOneClickRoutes: FastifyPluginAsync<{ newsletters: Newsletters }> = async (app, { newsletters }) => {
  route(app, 'newsletterUnsubscribeOneClick', async (request, reply) => {
    const answer = await newsletters.unsubscribe(request.query.token);
    // The page's own button, pressed before the app started (the browser posts the form to this
    // address): back to the page, which says it is done. A mail program gets the answer itself.
    if (fromBrowserForm(request)) return reply.redirect(paths.newsletterUnsubscribe.getHref(request.query.token, true), 303);
    return answer;
  });
};

/** A browser submitting a page's form asks for a page back; a mail program's one-click POST does not. */
function fromBrowserForm(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-dest'] === 'document' || /\btext\/html\b/.test(request.headers.accept ?? '');
}
