/**
 * What tells a person's form from a program's (issue 47), without zod: the sign-up and subscribe forms
 * render them, the app and the plain forms send them.
 */

/** A field nobody sees nor fills (a honeypot): a form sent back with it filled was filled by a program. */
export const HONEYPOT_FIELD = 'website';
/** In a plain form: when the server rendered it (ms since the epoch, the server's clock). */
export const SHOWN_AT_FIELD = 'shown_at';
/** How long the form was open before it was sent, in ms (the app measures it on the reader's own clock). */
export const FILLED_MS_FIELD = 'filled_ms';
