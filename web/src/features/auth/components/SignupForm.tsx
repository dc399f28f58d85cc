import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PASSWORD_HINT, TEXT, paths } from '@inkwell/contract';
import { Button } from '../../../components/Button';
import { useNotice } from '../../../components/NoticeProvider';
import { isApiError } from '../../../lib/api-client';
import { useFormEcho } from '../../../lib/form-echo';
import { useRegister } from '../api/register';
import { FormGuard, useFormGuard } from '../../../components/FormGuard';
import { PasswordField } from '../../../components/PasswordField';
import { EmailField } from '../../../components/EmailField';
import { FormMessage } from './FormEchoParts';

interface FieldErrors {
  email?: string;
  password?: string;
  password_confirmation?: string;
}

/**
 * SPEC §2 Signup: email, password, confirm password; a mismatch blocks sending ("pasword didn't match").
 * Pressed before the app's scripts run, the browser posts it to /signup itself (server/src/render/forms.ts).
 */
export function SignupForm() {
  const echo = useFormEcho();
  const [email, setEmail] = useState(echo.values.email ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({
    email: echo.errors.email,
    password: echo.errors.password,
    password_confirmation: echo.errors.password_confirmation,
  });
  const register = useRegister();
  const guard = useFormGuard();
  const { showNotice } = useNotice();
  const navigate = useNavigate();

  const mismatch = confirmation !== '' && confirmation !== password;
  /** A field's message goes as soon as it is edited; the mismatch one as soon as either password changes. */
  const clear = (...names: Array<keyof FieldErrors>) =>
    setErrors((previous) => (names.some((name) => previous[name]) ? { ...previous, ...Object.fromEntries(names.map((name) => [name, undefined])) } : previous));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== confirmation) {
      setErrors({ password_confirmation: TEXT.passwordMismatchSignup });
      return;
    }
    setErrors({});
    register.mutate(
      { email: email.trim(), password, password_confirmation: confirmation, ...guard(event.currentTarget) },
      {
        onSuccess: (data) => {
          const query = new URLSearchParams({ success: 'true', message: data.message });
          navigate(`${paths.verified.getHref()}?${query}`);
        },
        onError: (error) => {
          if (isApiError(error)) {
            setErrors({
              email: error.field('email'),
              password: error.field('password'),
              password_confirmation: error.field('password_confirmation'),
            });
          }
          showNotice((isApiError(error) && error.message) || TEXT.loginFailedDefault, 'red');
        },
      },
    );
  };

  return (
    <form method="post" action={paths.signup.getHref()} onSubmit={onSubmit} className="space-y-5">
      <FormGuard />
      {echo.message && <FormMessage text={echo.message} />}
      <EmailField
        value={email}
        onChange={(value) => {
          setEmail(value);
          clear('email');
        }}
        error={errors.email}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          clear('password', 'password_confirmation');
        }}
        error={errors.password}
      />
      <PasswordField
        label="Confirm password"
        name="password_confirmation"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => {
          setConfirmation(event.target.value);
          clear('password_confirmation');
        }}
        hint={PASSWORD_HINT}
        error={mismatch ? TEXT.passwordMismatchSignup : errors.password_confirmation}
      />
      <Button type="submit" busy={register.isPending} className="w-full">
        Sign Up
      </Button>
    </form>
  );
}
