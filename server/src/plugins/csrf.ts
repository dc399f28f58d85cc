import type { FastifyInstance } from 'fastify';
import { forbidden } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * The ActivityPub inboxes (ADR 0067): other servers post to them, from no page of ours, and a
 * browser-like client may send any Origin. They read no cookie or session: each activity is
 * authenticated by its own HTTP signature, so there is no ambient authority for a forged post to use.
 */
const INBOX = /^\/ap\/(?:users\/[^/?]+\/)?inbox(?:\?|$)/;

/**
 * Refuses a state-changing call sent by another site's page. Browsers send Origin on cross-origin and
 * on same-origin POSTs, and Sec-Fetch-Site everywhere modern; calls without either (curl, server to
 * server) carry no ambient cookie risk and pass.
 *
 * `Origin: null` is what Chromium sends with a page's own form post under the app's Referrer-Policy
 * (no-referrer): it passes only when Sec-Fetch-Site vouches that the form was this site's. A sandboxed
 * frame or another site's page sends `null` too, but never with same-origin.
 */
export function registerCsrfCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new URL(publicUrl).origin;
  // Callback hooks here and in the other plugins: an async hook costs a promise and a turn of the
  // microtask queue on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || INBOX.test(request.url)) return done();
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') return done(forbidden('Cross-site request refused.'));
    const origin = request.headers.origin;
    if (origin === undefined) return done();
    if (origin === 'null') return done(site === 'same-origin' ? undefined : forbidden('Cross-site request refused.'));
    const sameHost = request.headers.host !== undefined && (origin === `http://${request.headers.host}` || origin === `https://${request.headers.host}`);
    done(origin !== allowed && !sameHost ? forbidden('Cross-site request refused.') : undefined);
  });
}
