/**
 * The newsletter's constants and texts (issue 29), apart from its schemas so that a page's first load
 * need not carry zod, and apart from the package's index (`@inkwell/contract/newsletters`) so that they
 * come with the newsletter's own screens, not with every page's first load.
 */

/** How long an unconfirmed address is kept (and its confirmation link works). */
export const NEWSLETTER_PENDING_DAYS = 7;

/**
 * Where the subscribe box's form posts when it is sent before the app starts (server/src/render/forms.ts):
 * the call is made, then the page it came from again with `?newsletter=pending|confirmed#newsletter`.
 */
export const NEWSLETTER_SUBSCRIBE_FORM = '/newsletter/subscribe';

/** What a subscribe answers a visitor, whatever the address's state: nobody learns who subscribed to whom. */
export const NEWSLETTER_CHECK_INBOX = 'Almost there: check your inbox and confirm your subscription.';

/** What the confirmation and unsubscribe pages say of a link that is not (or no longer) ours. */
export const NEWSLETTER_INVALID_LINK = 'This link is not valid. You can subscribe again from the writer’s profile.';

/** What a subscription confirmed at once (a member's own verified address) answers. */
export const newsletterSubscribedText = (writerName: string) => `You will get new stories by ${writerName} by email.`;

/** What the unsubscribe page's Undo answers. */
export const newsletterResubscribedText = (writerName: string) => `You will get new stories by ${writerName} again.`;
