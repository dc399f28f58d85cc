import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';

/**
 * What a form sent without the app's scripts (a slow phone presses LOGIN before they run) comes back
 * with when the server refused it: the page is rendered again with the fields it may show (never a
 * password) and the error texts. The server puts it in the render's query cache, so it travels in the
 * page's state and the browser hydrates the very same form (server/src/plugins/forms.ts).
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

export const FORM_ECHO_KEY = ['form-echo'] as const;

const EMPTY: FormEcho = { path: '', values: {}, errors: {}, message: null };

/**
 * The echo for the form on this page, read once when the form first renders. It is dropped from the
 * cache afterwards, so coming back to the page later shows a fresh form.
 */
export function useFormEcho(): FormEcho {
  const client = useQueryClient();
  const { pathname } = useLocation();
  const [echo] = useState(() => {
    const kept = client.getQueryData<FormEcho>(FORM_ECHO_KEY);
    return kept && kept.path === pathname ? kept : EMPTY;
  });
  useEffect(() => {
    if (echo !== EMPTY) client.removeQueries({ queryKey: FORM_ECHO_KEY });
  }, [client, echo]);
  return echo;
}
