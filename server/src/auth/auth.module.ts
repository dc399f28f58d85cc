import type { AppCore, AppModule } from '../deps.ts';
import { inkwellUserAgent } from '../lib/user-agent.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createGoogleVerifier } from './google.ts';
import { createPasswordReset } from './password-reset.ts';

/** Signing up, in and out (with Google when GOOGLE_CLIENT_ID is set) and resetting a password: its mails through the outbox. */
export function authModule(core: AppCore): AppModule {
  const { db, config, outbox } = core;
  const google = config.googleClientId ? createGoogleVerifier(config.googleClientId, config.googleJwksUrl, inkwellUserAgent(config.publicUrl)) : null;
  const auth = createAuthService({ db, config, outbox, google });
  const passwordReset = createPasswordReset({ db, config, outbox });
  return { name: 'auth', api: (api) => api.register(authRoutes, { auth, passwordReset, config }) };
}
