import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * SPEC §2 Home: `?success=…&message=…` may arrive (after verifying an email, after creating a post).
 * The message is kept for display and both parameters leave the address (history replace).
 */
export function useQueryMessage(): { message: string | null; dismiss: () => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const [message, setMessage] = useState(() => searchParams.get('message'));

  useEffect(() => {
    if (!searchParams.has('message') && !searchParams.has('success')) return;
    const incoming = searchParams.get('message');
    if (incoming) setMessage(incoming);
    const next = new URLSearchParams(searchParams);
    next.delete('message');
    next.delete('success');
    setSearchParams(next, { replace: true, preventScrollReset: true });
  }, [searchParams, setSearchParams]);

  return { message, dismiss: () => setMessage(null) };
}
