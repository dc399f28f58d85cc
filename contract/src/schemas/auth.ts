import { z } from 'zod';
import { PASSWORD_HINT, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_PATTERN, TEXT } from '../constants.ts';
import { formGuardFields, requiredMessage } from './common.ts';

/** SPEC §5: type email, required. Compared without regard to case (stored as typed, matched lower-cased). */
export const emailField = z
  .string({ error: requiredMessage('email') })
  .trim()
  .min(1, 'The email field is required.')
  .max(254, 'The email may not be greater than 254 characters.')
  .email('The email must be a valid email address.');

/** SPEC §5: required, 6 to 30 characters, and the pattern (8+, letter, digit, one of !@#$%^&*). */
export const passwordField = z
  .string({ error: requiredMessage('password') })
  .min(1, 'The password field is required.')
  .min(PASSWORD_MIN_LENGTH, `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `The password may not be greater than ${PASSWORD_MAX_LENGTH} characters.`)
  .regex(PASSWORD_PATTERN, PASSWORD_HINT);

/** POST /api/user/register */
export const registerBody = z
  .object({
    email: emailField,
    password: passwordField,
    password_confirmation: z.string({ error: requiredMessage('password confirmation') }),
    ...formGuardFields,
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: TEXT.passwordMismatchSignup,
  });
export type RegisterBody = z.infer<typeof registerBody>;

/** POST /api/user/login */
export const loginBody = z.object({ email: emailField, password: passwordField });
export type LoginBody = z.infer<typeof loginBody>;

/**
 * POST /api/user/google: Google's ID token as Google Identity Services hands it over (`credential`).
 * The spec's bare {name, email, google_id} is not accepted: it would let anyone sign in as anyone.
 */
export const googleBody = z.object({
  credential: z
    .string({ error: requiredMessage('credential') })
    .min(1, 'The credential field is required.')
    .max(8192),
});
export type GoogleBody = z.infer<typeof googleBody>;

/** POST /api/user/resend-verification (an addition): always answers the same, whether or not the address exists. */
export const resendVerificationBody = z.object({ email: emailField });

/** POST /api/user/forgot-password (an addition): always answers TEXT.resetLinkSent, whether or not the address has an account. */
export const forgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/**
 * POST /api/user/reset-password (an addition): the mailed one-time token and a new password under the
 * rules of SPEC §5. The confirmation is checked like the settings' password change ('Passwords do not
 * match.'). Answers like login ({message, token, user}) and signs the caller in.
 */
export const resetPasswordBody = z
  .object({
    token: z
      .string({ error: requiredMessage('token') })
      .min(1, TEXT.resetLinkInvalid)
      .max(200, TEXT.resetLinkInvalid),
    password: passwordField,
    password_confirmation: z.string({ error: requiredMessage('password confirmation') }),
    ...formGuardFields,
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: TEXT.passwordMismatchSettings,
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
