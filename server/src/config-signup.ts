import { type Env, bad } from './config-readers.ts';

/** Who may make an account here (issue 47): anyone (open), or nobody new (closed: existing members still sign in). */
export type SignupMode = 'open' | 'closed';

export function readSignupMode(env: Env): SignupMode {
  const raw = env.SIGNUP_MODE;
  if (raw === undefined || raw === '') return 'open';
  if (raw !== 'open' && raw !== 'closed') bad('SIGNUP_MODE', raw, 'open or closed');
  return raw;
}
