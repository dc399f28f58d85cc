/**
 * Leaving the app for another address (a full page load: home afresh after the account ended, a
 * reader's own fediverse server). One object, so that a test can watch where the app went: jsdom
 * cannot navigate, and its `window.location` cannot be replaced or spied on.
 */
export const leave = {
  to(url: string): void {
    window.location.assign(url);
  },
};
