import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';

export interface GoogleIdentity {
  /** sha256 of Google's subject: what is stored as users.google_id. */
  googleId: string;
  email: string;
  name: string | null;
  picture: string | null;
}

export type GoogleVerifier = (credential: string) => Promise<GoogleIdentity>;

const ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/**
 * Verifies a Google ID token: signature against Google's JWKS (cached by jose, fetched naming this
 * server: `userAgent`), audience = our client id, issuer, expiry, and a verified email. Throws when any of them fails.
 */
export function createGoogleVerifier(clientId: string, jwksUrl: string, userAgent: string): GoogleVerifier {
  const jwks = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000, headers: { 'User-Agent': userAgent } });
  return async (credential) => {
    const { payload } = await jwtVerify(credential, jwks, { issuer: ISSUERS, audience: clientId, algorithms: ['RS256'] });
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    if (typeof payload.sub !== 'string' || payload.sub === '') throw new Error('token has no subject');
    if (typeof payload.email !== 'string' || !verified) throw new Error('email is not verified by Google');
    return {
      googleId: createHash('sha256').update(`google:${payload.sub}`).digest('hex'),
      email: payload.email,
      name: typeof payload.name === 'string' ? payload.name.slice(0, 100) : null,
      picture: typeof payload.picture === 'string' && payload.picture.startsWith('https://') ? payload.picture : null,
    };
  };
}
