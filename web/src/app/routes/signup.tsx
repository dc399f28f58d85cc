import { Link, useLocation } from 'react-router';
import { paths } from '@inkwell/contract';
import { AuthCard } from '../../components/AuthCard';
import { buttonStyles } from '../../components/Button';
import { SignupForm } from '../../features/auth/components/SignupForm';
import { GoogleSignIn } from '../../features/auth/components/GoogleSignIn';
import { DocumentTitle } from '../../components/DocumentTitle';
import { clientConfigQueryOptions } from '../../api/client-config';
import type { Screen } from '../screen';

/** Rendered with its Google button when the server offers Google sign-in. */
export const screen: Screen = { render: 'everyone', indexed: true, load: ({ client }) => [client.prefetchQuery(clientConfigQueryOptions())] };

export default function SignupRoute() {
  const location = useLocation();
  return (
    <>
      <DocumentTitle title="Sign up" />
      <AuthCard
        title="Create your account"
        subtitle="Write, read and follow the stories that matter to you."
        footer={
          <>
            Already have an account?{' '}
            <Link to={paths.login.getHref()} state={location.state} className={buttonStyles.link}>
              LOGIN
            </Link>
          </>
        }
      >
        <SignupForm />
        <GoogleSignIn />
      </AuthCard>
    </>
  );
}
