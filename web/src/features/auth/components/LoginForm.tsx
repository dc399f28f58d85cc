import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { PASSWORD_HINT, TEXT, paths } from '@inkwell/contract';
import { Button, buttonStyles } from '../../../components/Button';
import { useNotice } from '../../../components/NoticeProvider';
import { isApiError } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { PasswordField } from '../../../components/PasswordField';
import { EmailField } from './EmailField';

interface FieldErrors {
  email?: string;
  password?: string;
}

/** SPEC §2 Login: email, password (eye, hint), Forgot password (to /forgot-password), LOGIN; errors per SPEC §8. */
export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const login = useLogin();
  const { showNotice } = useNotice();
  const navigate = useNavigate();
  const finish = useFinishSignIn();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: finish,
        onError: (error) => {
          if (isApiError(error) && error.status === 403) {
            const query = new URLSearchParams({ success: 'false', message: error.message || TEXT.notVerifiedDefault });
            navigate(`${paths.verified.getHref()}?${query}`);
            return;
          }
          if (isApiError(error)) setErrors({ email: error.field('email'), password: error.field('password') });
          showNotice((isApiError(error) && error.message) || TEXT.loginFailedDefault, 'red');
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      <EmailField value={email} onChange={setEmail} error={errors.email} />
      <div>
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          hint={PASSWORD_HINT}
          error={errors.password}
        />
        <div className="mt-2 text-right">
          {/* The address typed so far goes along, so it need not be typed again. */}
          <Link
            to={paths.forgotPassword.getHref()}
            state={email.trim() ? { email: email.trim() } : undefined}
            className={`${buttonStyles.link} text-sm font-medium`}
          >
            Forgot password
          </Link>
        </div>
      </div>
      <Button type="submit" busy={login.isPending} className="w-full tracking-wide">
        LOGIN
      </Button>
    </form>
  );
}
