import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { watchedTermsOf } from '../db/shared.repository.ts';
import { forbidden, validationError } from '../lib/errors.ts';
import { withinDomain } from '../lib/watched-terms.ts';

/** What a sign-up from a blocked e-mail domain is told (issue 47, ADR 0104). */
export const EMAIL_DOMAIN_REFUSED = 'Sign-ups with addresses at this domain are not accepted here. Please use another address.';

/**
 * Refuses a new account whose address is at an e-mail domain the moderators blocked (or one of its
 * subdomains): 422 on the sign-up form's address, 403 for Google's (no form field to show it under).
 * Accounts made before the block keep signing in.
 */
export async function refuseBlockedDomain(db: Kysely<DB>, emailNormalized: string, via: 'form' | 'google'): Promise<void> {
  const domain = emailNormalized.slice(emailNormalized.lastIndexOf('@') + 1);
  const blocked = (await watchedTermsOf(db, ['email-domain'])).some((t) => t.action === 'refuse' && withinDomain(domain, t.term));
  if (blocked) throw via === 'form' ? validationError({ email: [EMAIL_DOMAIN_REFUSED] }) : forbidden(EMAIL_DOMAIN_REFUSED);
}
