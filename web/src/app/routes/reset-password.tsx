import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { RememberedIt } from '../../features/auth/components/RememberedIt';
import { InvalidResetLink, ResetPasswordForm } from '../../features/auth/components/ResetPasswordForm';
import { DocumentTitle } from '../../components/DocumentTitle';

/** The page the reset mail links to (/reset-password?token=…): a new password, then signed in. */
export default function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  // The token the server refused, if any: a new one (another mail's link) gets its chance.
  const [refused, setRefused] = useState<string | null>(null);

  if (token === '' || refused === token) {
    return (
      <AuthCard title="This link no longer works">
        <DocumentTitle title="Choose a new password" />
        <InvalidResetLink />
      </AuthCard>
    );
  }
  return (
    <>
      <DocumentTitle title="Choose a new password" />
      <AuthCard
        title="Choose a new password"
        subtitle="Once it is saved, every device signed in to your account is signed out and this one is signed in."
        footer={<RememberedIt />}
      >
        <ResetPasswordForm key={token} token={token} onLinkDead={() => setRefused(token)} />
      </AuthCard>
    </>
  );
}
