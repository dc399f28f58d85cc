import { Link, Navigate, useLocation } from 'react-router';
import { paths, safeNextPath } from '@inkwell/contract';
import { AuthCard } from '../../components/AuthCard';
import { buttonStyles } from '../../components/Button';
import { LoginForm } from '../../features/auth/components/LoginForm';
import { GoogleSignIn } from '../../features/auth/components/GoogleSignIn';
import { DocumentTitle } from '../../components/DocumentTitle';
import { useFormEcho } from '../../lib/form-echo';
import { redirectTarget } from '../../lib/redirect';
import { useSession } from '../../lib/session';
import { clientConfigQueryOptions } from '../../api/client-config';
import type { Screen } from '../screen';

/** Rendered with its Google button when the server offers Google sign-in. */
export const screen: Screen = { render: 'everyone', indexed: true, load: ({ client }) => [client.prefetchQuery(clientConfigQueryOptions())] };

export default function LoginRoute() {
  const location = useLocation();
  // Read here, once, and handed to the form: a page the server sent back (a login refused before the
  // app ran) is at /login without its ?next=, which the echo holds. A login then made by the app
  // brings the session, and this redirect (not the form's, unmounted by it) goes there.
  const echo = useFormEcho();
  if (useSession()) return <Navigate to={safeNextPath(echo.values.next) ?? redirectTarget(location.state, location.search)} replace />;
  return (
    <>
      <DocumentTitle title="Login" />
      <AuthCard
        title="Welcome back"
        subtitle="Sign in to follow writers, save stories and join the conversation."
        footer={
          <>
            New to Inkwell?{' '}
            <Link to={paths.signup.getHref()} state={location.state} className={buttonStyles.link}>
              SIGN UP
            </Link>
          </>
        }
      >
        <LoginForm echo={echo} />
        <GoogleSignIn />
      </AuthCard>
    </>
  );
}
