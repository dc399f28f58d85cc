import { Link, useLocation } from 'react-router';
import { SIGNUP_CLOSED, paths } from '@inkwell/contract';
import { AuthCard } from '../../components/AuthCard';
import { buttonStyles } from '../../components/Button';
import { SignupForm } from '../../features/auth/components/SignupForm';
import { GoogleSignIn } from '../../features/auth/components/GoogleSignIn';
import { DocumentTitle } from '../../components/DocumentTitle';
import { clientConfigQueryOptions, useClientConfig } from '../../api/client-config';
import type { Screen } from '../screen';

/** Rendered with its Google button when the server offers Google sign-in; with neither form while it takes no new accounts (SIGNUP_MODE). */
export const screen: Screen = { render: 'everyone', indexed: true, load: ({ client }) => [client.prefetchQuery(clientConfigQueryOptions())] };

export default function SignupRoute() {
  const location = useLocation();
  const closed = useClientConfig().data?.signup_open === false;
  return (
    <>
      <DocumentTitle title="Sign up" />
      <AuthCard
        title={closed ? 'Sign-up is closed' : 'Create your account'}
        subtitle={closed ? 'Members of this server can still log in.' : 'Write, read and follow the stories that matter to you.'}
        footer={
          <>
            Already have an account?{' '}
            <Link to={paths.login.getHref()} state={location.state} className={buttonStyles.link}>
              LOGIN
            </Link>
          </>
        }
      >
        {closed ? (
          <p role="status" className="rounded-lg bg-zinc-100 px-4 py-3 text-[15px] leading-6 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100">
            {SIGNUP_CLOSED}
          </p>
        ) : (
          <>
            <SignupForm />
            <GoogleSignIn />
          </>
        )}
      </AuthCard>
    </>
  );
}
