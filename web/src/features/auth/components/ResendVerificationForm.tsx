import { useState, type FormEvent } from 'react';
import { paths } from '@inkwell/contract';
import { Button } from '../../../components/Button';
import { useNotice } from '../../../components/NoticeProvider';
import { isApiError } from '../../../lib/api-client';
import { useFormEcho } from '../../../lib/form-echo';
import { useResendVerification } from '../api/resend-verification';
import { EmailField } from '../../../components/EmailField';

/**
 * Sends the verification link again (an addition to the spec's Verified screen). Pressed before the
 * app's scripts run, the browser posts it to /verified itself (server/src/render/forms.ts).
 */
export function ResendVerificationForm() {
  const echo = useFormEcho();
  const [email, setEmail] = useState(echo.values.email ?? '');
  const [error, setError] = useState<string | undefined>(echo.errors.email ?? echo.message ?? undefined);
  const resend = useResendVerification();
  const { showNotice } = useNotice();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    resend.mutate(
      { email: email.trim() },
      {
        onSuccess: (data) => showNotice(data.message, 'success_light'),
        onError: (failure) => {
          if (isApiError(failure)) setError(failure.field('email'));
          showNotice((isApiError(failure) && failure.message) || 'The link could not be sent. Please try again.', 'danger_light');
        },
      },
    );
  };

  return (
    <form method="post" action={paths.verified.getHref()} onSubmit={onSubmit} aria-labelledby="resend-heading" className="space-y-3">
      <h2 id="resend-heading" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        Didn&apos;t get the mail? Resend the link
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <EmailField value={email} onChange={setEmail} error={error} className="flex-1" />
        <Button type="submit" variant="secondary" busy={resend.isPending} className="sm:mb-0.5">
          Resend
        </Button>
      </div>
    </form>
  );
}
