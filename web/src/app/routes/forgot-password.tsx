import { useState } from 'react';
import { useLocation } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { RememberedIt } from '../../features/auth/components/RememberedIt';
import { ForgotPasswordForm, type LinkAsked, ResetLinkSent } from '../../features/auth/components/ForgotPasswordForm';
import { DocumentTitle } from '../../components/DocumentTitle';

/** The address the Login form had, when its Forgot password link brought one. */
function emailFrom(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

/** Forgot password (an addition; the Login screen's link): an email, then a mailed one-time link. */
export default function ForgotPasswordRoute() {
  const location = useLocation();
  const [asked, setAsked] = useState<LinkAsked | null>(null);
  const [lastEmail, setLastEmail] = useState(() => emailFrom(location.state));

  if (asked) {
    return (
      <AuthCard title="Check your email">
        <DocumentTitle title="Forgot password" />
        <ResetLinkSent
          asked={asked}
          onAgain={() => {
            setLastEmail(asked.email);
            setAsked(null);
          }}
        />
      </AuthCard>
    );
  }
  return (
    <>
      <DocumentTitle title="Forgot password" />
      <AuthCard title="Forgot your password?" subtitle="Enter the email you use for Inkwell and we will send you a link to choose a new password." footer={<RememberedIt />}>
        <ForgotPasswordForm initialEmail={lastEmail} onSent={setAsked} />
      </AuthCard>
    </>
  );
}
