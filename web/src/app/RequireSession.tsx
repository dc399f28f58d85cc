import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@inkwell/contract';
import { useSession } from '../lib/session';

/** Session routes of SPEC §2: without both cookies, to /login, remembering where the user was going. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to={paths.login.getHref()} replace state={{ from }} />;
  }
  return children;
}
