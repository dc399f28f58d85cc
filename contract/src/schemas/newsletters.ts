import { z } from 'zod';
import { emailField } from './auth.ts';
import { formGuardFields, idField } from './common.ts';

/**
 * A writer's newsletter (issue 29): new stories mailed to the addresses that asked for them. A visitor
 * subscribes with an address and confirms it from a mail (double opt-in: only the page's Confirm button,
 * a POST, confirms); a member subscribes with their own verified address at once.
 */

/** Where a subscription was asked for: the writer's profile, the end of a story, a follow, Settings, or a writer's import. */
export const NEWSLETTER_SOURCES = ['profile', 'story', 'follow', 'settings', 'import'] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

/**
 * pending: asked, not confirmed yet (gets nothing else; forgotten after NEWSLETTER_PENDING_DAYS);
 * confirmed: gets the writer's new stories; unsubscribed: asked to stop; suppressed: the address
 * bounced for good (a 5xx), nothing more until it subscribes again.
 */
export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed', 'suppressed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/**
 * POST /api/user/newsletter/subscribe {writer_id, email?, source?}: a visitor gives an address (a
 * confirmation mail goes to it); a signed-in member may leave it out (or give their own) to subscribe
 * with their account's verified address at once.
 */
export const newsletterSubscribeBody = z.object({
  writer_id: idField('writer id'),
  email: z.preprocess((v) => (v === '' || v === null ? undefined : v), emailField.optional()),
  source: z.enum(['profile', 'story', 'follow', 'settings'], { error: 'The source field is invalid.' }).optional(),
  ...formGuardFields,
});
export const newsletterSubscribeResponse = z.object({ message: z.string(), status: z.enum(['pending', 'confirmed']) });
export type NewsletterSubscribeResponse = z.infer<typeof newsletterSubscribeResponse>;

/** A mailed link's token: the confirmation's, or a subscriber's unsubscribe token. */
const newsletterToken = z.string({ error: 'The token field is required.' }).trim().min(1, 'The token field is required.').max(300, 'This link is not valid.');

/** POST /api/user/newsletter/confirmation {token}: what the confirmation page shows; it confirms nothing. */
export const newsletterTokenBody = z.object({ token: newsletterToken });

/** The writer a newsletter page is about. */
export const newsletterWriter = z.object({ id: z.number(), name: z.string(), user_name: z.string().nullable() });
export type NewsletterWriter = z.infer<typeof newsletterWriter>;

export const newsletterConfirmationResponse = z.object({
  writer: newsletterWriter,
  /** The address, masked (the link may have been forwarded). */
  email: z.string(),
  confirmed: z.boolean(),
});
export type NewsletterConfirmationResponse = z.infer<typeof newsletterConfirmationResponse>;

/** POST /api/user/newsletter/confirm {token}: the Confirm button. Confirming twice is fine. */
export const newsletterConfirmResponse = z.object({ message: z.string(), writer: newsletterWriter });
export type NewsletterConfirmResponse = z.infer<typeof newsletterConfirmResponse>;

/**
 * POST /api/user/newsletter/unsubscribe {token, subscribe?}: the unsubscribe page's button (no session);
 * `subscribe: 1` is its Undo. `POST /newsletter/unsubscribe?token=…` is the same for mail programs (RFC 8058).
 */
export const newsletterUnsubscribeBody = z.object({
  token: newsletterToken,
  subscribe: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()).optional(),
});
export const newsletterUnsubscribeQuery = z.object({ token: newsletterToken });
export const newsletterUnsubscribeResponse = z.object({ message: z.string(), writer: newsletterWriter, subscribed: z.boolean() });
export type NewsletterUnsubscribeResponse = z.infer<typeof newsletterUnsubscribeResponse>;

/** POST /api/user/newsletter/subscribers {user_id, cursor?}: the writer's own list, newest first. */
export const newsletterSubscribersBody = z.object({
  user_id: idField('user id'),
  cursor: z.preprocess((v) => (v === '' || v === null ? undefined : v), idField('cursor').optional()),
});
export const newsletterSubscriber = z.object({
  id: z.number(),
  email: z.string(),
  status: z.enum(NEWSLETTER_STATUSES),
  source: z.enum(NEWSLETTER_SOURCES),
  /** When they asked. */
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriber>;
export const newsletterSubscribersResponse = z.object({
  /** The writer's own welcome mail text, or null for the default one. */
  welcome: z.string().nullable(),
  counts: z.object({ confirmed: z.number(), pending: z.number(), unsubscribed: z.number(), suppressed: z.number() }),
  subscribers: z.array(newsletterSubscriber),
  /** The cursor of the next page, or null after the last. */
  next_cursor: z.number().nullable(),
});
export type NewsletterSubscribersResponse = z.infer<typeof newsletterSubscribersResponse>;

/** POST /api/user/newsletter/subscribers/remove {user_id, subscriber_id}: the writer takes an address off their list. */
export const newsletterRemoveBody = z.object({ user_id: idField('user id'), subscriber_id: idField('subscriber id') });

/**
 * POST /api/user/newsletter/subscribers/export {user_id}: the writer's list as CSV (text/csv, an
 * attachment), every address that confirmed once, with the columns Ghost's and Substack's importers
 * read (email, name, note, subscribed_to_emails, created_at, labels). A plain form can send it.
 */
export const newsletterExportBody = z.object({ user_id: idField('user id') });

/** The largest CSV a writer may import at once, in characters (a request body holds at most 1 MB). */
export const NEWSLETTER_IMPORT_MAX_CHARS = 900_000;

/**
 * POST /api/user/newsletter/subscribers/import {user_id, csv, consent?}: addresses that asked for the
 * writer's stories, as CSV: with a header row naming an `email` column (and maybe `name`), as Ghost,
 * Substack and Mailchimp export them, or one address a line. `consent`: the writer attests that each
 * of them agreed to get the stories, and they are added as subscribed, with no mail; without it each
 * gets a confirmation mail and is added once they confirm. Addresses already on the list are left as
 * they are; one that unsubscribed or bounced is not added back.
 */
export const newsletterImportBody = z.object({
  user_id: idField('user id'),
  csv: z
    .string({ error: 'The csv field is required.' })
    .max(NEWSLETTER_IMPORT_MAX_CHARS, 'The file may not be greater than 900 KB.')
    .refine((v) => v.trim() !== '', 'The csv field is required.'),
  consent: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on', z.boolean()).optional(),
});
/** What an import did: each address of the file counted once, in one of these. */
export const newsletterImportResponse = z.object({
  message: z.string(),
  /** Added as subscribed (the writer attested consent). */
  added: z.number(),
  /** Sent a confirmation mail; on the list once they confirm. */
  asked: z.number(),
  /** On the list already (subscribed or waiting to confirm): left as they are. */
  already: z.number(),
  /** Unsubscribed or bounced before, the writer's own address, or mailed too often today: not added. */
  skipped: z.number(),
  /** Lines whose address could not be read: how many, and the first few with their line numbers. */
  invalid_count: z.number(),
  invalid: z.array(z.object({ line: z.number(), value: z.string() })),
});
export type NewsletterImportResponse = z.infer<typeof newsletterImportResponse>;

/** A member's own subscription to a writer: confirmed, waiting for the member to confirm their address, or none. */
export const memberEmailStatus = z.enum(['confirmed', 'pending']).nullable();
export type MemberEmailStatus = z.infer<typeof memberEmailStatus>;

/** POST /api/user/newsletter/member/status {user_id, writer_id}: whether the member's own address gets the writer's new stories. */
export const newsletterMemberStatusBody = z.object({ user_id: idField('user id'), writer_id: idField('writer id') });
export const newsletterMemberStatusResponse = z.object({ email: memberEmailStatus });

/**
 * POST /api/user/newsletter/member {user_id, writer_id, subscribed, source?}: the member's own address on
 * (or off) a writer's list, in one tick: when following (`source` follow) or in Settings › Notification
 * (`settings`). A verified address is subscribed at once; an unverified one is sent a confirmation mail.
 */
export const newsletterMemberBody = z.object({
  user_id: idField('user id'),
  writer_id: idField('writer id'),
  subscribed: z.preprocess(
    (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
    z.boolean({ error: 'The subscribed field must be true or false.' }),
  ),
  source: z.enum(['follow', 'settings'], { error: 'The source field is invalid.' }).optional(),
});
export const newsletterMemberResponse = z.object({ message: z.string(), email: memberEmailStatus });
export type NewsletterMemberResponse = z.infer<typeof newsletterMemberResponse>;

/** POST /api/user/newsletter/following {user_id, cursor?}: the writers the member follows, newest follow first, each with its email tick. */
export const newsletterFollowingBody = z.object({
  user_id: idField('user id'),
  cursor: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().max(80, 'The cursor is invalid.').optional()),
});
export const newsletterFollowedWriter = z.object({
  id: z.number(),
  name: z.string().nullable(),
  user_name: z.string().nullable(),
  profile_picture: z.string().nullable(),
  email: memberEmailStatus,
});
export type NewsletterFollowedWriter = z.infer<typeof newsletterFollowedWriter>;
export const newsletterFollowingResponse = z.object({
  /** The member's own address, where the stories go, and whether it is verified (else each tick mails a confirmation). */
  address: z.string(),
  verified: z.boolean(),
  writers: z.array(newsletterFollowedWriter),
  next_cursor: z.string().nullable(),
});
export type NewsletterFollowingResponse = z.infer<typeof newsletterFollowingResponse>;

/** The longest welcome mail text a writer may set. */
export const NEWSLETTER_WELCOME_MAX = 2000;

/** POST /api/user/newsletter/settings {user_id, welcome}: the writer's welcome mail text ('' for the default one). */
export const newsletterSettingsBody = z.object({
  user_id: idField('user id'),
  welcome: z.string({ error: 'The welcome field must be text.' }).max(NEWSLETTER_WELCOME_MAX, `The welcome may not be greater than ${NEWSLETTER_WELCOME_MAX} characters.`),
});
export const newsletterSettingsResponse = z.object({ message: z.string(), welcome: z.string().nullable() });
export type NewsletterSettingsResponse = z.infer<typeof newsletterSettingsResponse>;
