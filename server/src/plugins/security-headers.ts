import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The Content-Security-Policy: scripts, styles and frames from the site and Google Identity Services. */
const DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client'],
  frameSrc: ["'self'", 'https://accounts.google.com/gsi/'],
  connectSrc: ["'self'", 'https://accounts.google.com/gsi/'],
  // No 'unsafe-inline': the app sets styles through the CSSOM only (post colours too, see PostBody).
  styleSrc: ["'self'", 'https://accounts.google.com/gsi/style'],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/** The app's security headers: the CSP, COOP for Google's popup, and helmet's defaults. */
const OPTIONS: Readonly<HelmetOptions> = {
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  contentSecurityPolicy: { directives: DIRECTIVES },
};

/** OPTIONS with more origins images may come from (STORAGE_PUBLIC_URL's, which may be plain http). */
function withImageOrigins(origins: readonly string[]): Readonly<HelmetOptions> {
  if (origins.length === 0) return OPTIONS;
  return { ...OPTIONS, contentSecurityPolicy: { directives: { ...DIRECTIVES, imgSrc: [...DIRECTIVES.imgSrc, ...origins] } } };
}

/** Runs helmet once against a recording response and returns the headers it set. */
export function computeSecurityHeaders(options: Readonly<HelmetOptions> = OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => {},
  };
  let done = false;
  helmet(options)({} as never, recorder as never, () => void (done = true));
  if (!done || !headers['content-security-policy']) throw new Error('helmet did not produce its headers synchronously');
  return headers;
}

/**
 * What an API answer (JSON, an event stream, a redirect: never a page) carries instead: the headers
 * that matter for a resource that is not a document (OWASP's REST Security Cheat Sheet), with a policy
 * that allows nothing should one be opened as a page. A document's policies (its scripts, frames,
 * popups) mean nothing here, and at about 700 bytes they were an eighth of a feed answer's bytes.
 */
function apiHeadersOf(page: Readonly<Record<string, string>>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': page['referrer-policy']!,
    'strict-transport-security': page['strict-transport-security']!,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/**
 * The same headers @fastify/helmet would set, computed once at start (the page's set is returned): @fastify/helmet rebuilds helmet's
 * middleware on every request, which cost about a tenth of a feed request's CPU. API answers get
 * their own shorter set (apiHeadersOf).
 */
export function registerSecurityHeaders(app: FastifyInstance, imageOrigins: readonly string[] = []): Readonly<Record<string, string>> {
  const headers = computeSecurityHeaders(withImageOrigins(imageOrigins));
  const api = apiHeadersOf(headers);
  // Public images (uploads, the default pictures) also show in mails read in webmail, on other sites.
  const images = { ...headers, 'cross-origin-resource-policy': 'cross-origin' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? api : isPublicImage(request.url) ? images : headers);
    done();
  });
  // A page's, for the kept pages answered before Fastify (render/page-front.ts).
  return headers;
}

/** Uploaded images and the app's default pictures: nothing in them is private to a session. */
export function isPublicImage(url: string): boolean {
  return url.startsWith('/storage/') || url.startsWith('/images/');
}
