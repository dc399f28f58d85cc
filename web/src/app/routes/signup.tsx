import { Link, useLocation } from 'react-router';
import { paths } from '@inkwell/contract';
import { AuthCard } from '../../components/AuthCard';
import { buttonStyles } from '../../components/Button';
import { SignupForm } from '../../features/auth/components/SignupForm';
import { GoogleSignIn } from '../../features/auth/components/GoogleSignIn';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function SignupRoute() {
  useDocumentTitle('Sign up');
  const location = useLocation();
  return (
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
  );
}
