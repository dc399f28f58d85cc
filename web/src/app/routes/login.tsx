import { Link, Navigate, useLocation } from 'react-router';
import { paths } from '@inkwell/contract';
import { AuthCard } from '../../components/AuthCard';
import { buttonStyles } from '../../components/Button';
import { LoginForm } from '../../features/auth/components/LoginForm';
import { GoogleSignIn } from '../../features/auth/components/GoogleSignIn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { redirectTarget } from '../../lib/redirect';
import { useSession } from '../../lib/session';

export default function LoginRoute() {
  useDocumentTitle('Login');
  const location = useLocation();
  if (useSession()) return <Navigate to={redirectTarget(location.state, location.search)} replace />;
  return (
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
      <LoginForm />
      <GoogleSignIn />
    </AuthCard>
  );
}
