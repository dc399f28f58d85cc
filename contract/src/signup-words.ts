/**
 * Sign-up when the server takes no new accounts (SIGNUP_MODE=closed, issue 47): the register call's
 * 403 and the sign-up page's words. A module of its own, so that only the sign-up screen's chunk carries it.
 */
export const SIGNUP_CLOSED = 'This server is not taking new accounts at the moment. If you have one, log in.';
