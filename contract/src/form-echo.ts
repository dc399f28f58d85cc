/**
 * What a form sent without the app's scripts (a slow phone presses LOGIN before they run) comes back
 * with when the server refused it: the page is rendered again with the fields it may show (never a
 * password) and the error texts. The server puts it in the render's query cache, so it travels in the
 * page's state and the browser hydrates the very same form (server/src/render/forms.ts, web/src/lib/form-echo.ts).
 */
export interface FormEcho {
  /** The page path the form is on (a kept echo never fills a form on another page). */
  path: string;
  /** Non-secret fields as sent: email, next, a comment's text… */
  values: Record<string, string>;
  /** A message per field, SPEC wording (the API's own). */
  errors: Record<string, string>;
  /** The answer's message, when it names no field (too many attempts, a refused login). */
  message: string | null;
}
