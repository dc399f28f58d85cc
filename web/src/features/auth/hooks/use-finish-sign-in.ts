import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { redirectTarget } from '../../../lib/redirect';

/** After login or Google login: back to where the guard found the user (location state `from`), else home. */
export function useFinishSignIn(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    navigate(redirectTarget(location.state, location.search), { replace: true });
  }, [navigate, location.state, location.search]);
}
