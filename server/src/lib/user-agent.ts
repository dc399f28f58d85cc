import { readFileSync } from 'node:fs';
import { getUserAgent } from '@fedify/vocab-runtime';

/** Inkwell's version: the server package's, read once (NodeInfo and the User-Agent name it). */
export const INKWELL_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * The User-Agent of every request this server makes to another (deliveries, signed and unsigned
 * fetches of actors, keys and objects, WebFinger, Google's signing keys), in the form Mastodon and its
 * peers use, which other servers' operators read and filter on in their logs:
 * `Inkwell/<version> (Fedify/<version>; Node.js/<version>; +<PUBLIC_URL's origin>/)` (Fedify's
 * getUserAgent, as Fedify makes its own).
 */
export function inkwellUserAgent(publicUrl: string): string {
  return getUserAgent({ software: `Inkwell/${INKWELL_VERSION}`, url: new URL('/', publicUrl) });
}
