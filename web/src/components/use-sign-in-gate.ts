import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@inkwell/contract';
import { useSession, type Session } from '../lib/session';

/**
 * SPEC §5/§6: a visitor who presses like, save, comment, reply or follow goes to /login, and comes back
 * here afterwards (the same location state `from` that RequireSession hands to the login form).
 * Returns the session when there is one, otherwise navigates and returns null.
 */
export function useSignInGate(): () => Session | null {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (session) return session;
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    navigate(paths.login.getHref(), { state: { from } });
    return null;
  }, [session, navigate, location.pathname, location.search, location.hash]);
}
