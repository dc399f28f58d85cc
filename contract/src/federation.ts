/**
 * The federation's constants for the web (issue 30), apart from the package's index
 * (`@inkwell/contract/federation`) so that they come with the profile screen, not with every page's first load.
 */

/**
 * Where "Follow from the fediverse" posts when it is sent before the app starts
 * (server/src/render/forms.ts): the reader's own server is asked where it follows from (WebFinger),
 * and the answer is a 303 there; refused, the profile again with the handle and the message.
 */
export const REMOTE_FOLLOW_FORM = '/remote-follow';
