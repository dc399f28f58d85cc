import { ACCOUNT_ROUTES } from './authz/account.ts';
import { CONSOLE_ROUTES } from './authz/console.ts';
import type { Entry } from './authz/kit.ts';
import { FEDERATION_ROUTES } from './authz/federation.ts';
import { LIBRARY_ROUTES } from './authz/library.ts';
import { NEWSLETTER_ROUTES } from './authz/newsletters.ts';
import { OPEN_ROUTES } from './authz/open.ts';
import { SOCIAL_ROUTES } from './authz/social.ts';
import { WRITING_ROUTES } from './authz/writing.ts';

/**
 * The authorization matrix: every call of the endpoint table (contract/src/calls.ts), keyed by its
 * name, with what each caller gets (by feature area in `authz/`, merged here). Who may call it at all
 * is the table's `access`; authz.test.ts generates its cases from the table and this matrix, and a
 * call without an entry fails the suite.
 */

export type { Actor, Entry, Expect, Fields, Member, Scene } from './authz/kit.ts';
export { USER_TABLES, ownedBy, sorted } from './authz/kit.ts';

/** The parts as one table, in their order; a route in two parts is a mistake, not an override. */
function merged(...parts: ReadonlyArray<Readonly<Record<string, Entry>>>): Readonly<Record<string, Entry>> {
  const all: Record<string, Entry> = {};
  for (const part of parts) {
    for (const [route, entry] of Object.entries(part)) {
      if (route in all) throw new Error(`${route} is in two parts of the authorization matrix`);
      all[route] = entry;
    }
  }
  return all;
}

export const MATRIX: Readonly<Record<string, Entry>> = merged(
  OPEN_ROUTES,
  ACCOUNT_ROUTES,
  WRITING_ROUTES,
  SOCIAL_ROUTES,
  LIBRARY_ROUTES,
  NEWSLETTER_ROUTES,
  FEDERATION_ROUTES,
  CONSOLE_ROUTES,
);
