import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { FormEcho } from '@inkwell/contract';

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
