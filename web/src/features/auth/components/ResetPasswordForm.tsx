import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Link2Off } from 'lucide-react';
import { PASSWORD_HINT, TEXT, paths } from '@inkwell/contract';
import { Button, buttonStyles } from '../../../components/Button';
import { useNotice } from '../../../components/NoticeProvider';
import { PasswordField } from '../../../components/PasswordField';
import { isApiError } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';

interface FieldErrors {
  password?: string;
  password_confirmation?: string;
}

/** A link that cannot be used (missing, used, expired): say so and offer a new one. */
export function InvalidResetLink() {
  return (
    <div className="flex flex-col items-center text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300">
        <Link2Off aria-hidden="true" className="size-7" />
      </span>
      <p role="alert" data-testid="reset-link-invalid" className="mt-4 text-base leading-7 text-zinc-700 dark:text-zinc-300">
        {TEXT.resetLinkInvalid}
      </p>
      <Link to={paths.forgotPassword.getHref()} className={`${buttonStyles.primary} mt-6 w-full`}>
        Ask for a new link
      </Link>
    </div>
  );
}

/**
 * The new password under SPEC §5's rules, twice; like the settings' password change, a mismatch shows
 * 'Passwords do not match.' and blocks sending. On success the server has ended every session of the
 * account and signed this browser in: home, with the server's message in the banner. A link the server
 * refuses (used, expired) is reported through `onLinkDead`.
 */
export function ResetPasswordForm({ token, onLinkDead }: { token: string; onLinkDead: () => void }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const reset = useResetPassword();
  const { showNotice } = useNotice();
  const navigate = useNavigate();

  const mismatch = confirmation !== '' && confirmation !== password;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== confirmation) {
      setErrors({ password_confirmation: TEXT.passwordMismatchSettings });
      return;
    }
    setErrors({});
    reset.mutate(
      { token, password, password_confirmation: confirmation },
      {
        // Home shows the message in its banner (SPEC §2 Home: ?success&message), which stays until
        // dismissed: the member should read that their other devices were signed out.
        onSuccess: (data) => {
          const query = new URLSearchParams({ success: 'true', message: data.message });
          navigate(`${paths.home.getHref()}?${query}`, { replace: true });
        },
        onError: (error) => {
          if (isApiError(error) && error.field('token')) {
            onLinkDead();
            return;
          }
          if (isApiError(error)) {
            setErrors({ password: error.field('password'), password_confirmation: error.field('password_confirmation') });
          }
          showNotice((isApiError(error) && error.message) || 'Your password could not be changed. Please try again.', 'red');
        },
      },
    );
  };

  return (
    // This screen is not rendered on the server, so the form exists only once the app runs; post, all
    // the same, so that nothing ever sends it as a GET with the address or a password in the URL.
    <form method="post" onSubmit={onSubmit} className="space-y-5">
      <PasswordField
        label="New password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <PasswordField
        label="Confirm new password"
        name="password_confirmation"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        hint={PASSWORD_HINT}
        error={mismatch ? TEXT.passwordMismatchSettings : errors.password_confirmation}
      />
      <Button type="submit" busy={reset.isPending} disabled={mismatch} className="w-full">
        Save new password
      </Button>
    </form>
  );
}
