import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { type FormEcho, PASSWORD_HINT, TEXT, decodeId, paths, safeNextPath } from '@inkwell/contract';
import { Button, buttonStyles } from '../../../components/Button';
import { useNotice } from '../../../components/NoticeProvider';
import { isApiError } from '../../../lib/api-client';
import { commentDraftKey, keepCommentDraft } from '../../../lib/comment-drafts';
import { useLogin } from '../api/login';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { PasswordField } from '../../../components/PasswordField';
import { EmailField } from '../../../components/EmailField';
import { FormMessage, KeptComment } from './FormEchoParts';

interface FieldErrors {
  email?: string;
  password?: string;
}

/**
 * SPEC §2 Login: email, password (eye, hint), Forgot password (to /forgot-password), LOGIN; errors per SPEC §8.
 * Pressed before the app's scripts run, the browser posts it to /login itself (server/src/render/forms.ts),
 * with `next` and a comment a visitor sent from a post (kept in the page, see KeptComment).
 */
export function LoginForm({ echo }: { echo: FormEcho }) {
  const { search } = useLocation();
  const next = echo.values.next ?? new URLSearchParams(search).get('next') ?? '';
  const [email, setEmail] = useState(echo.values.email ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({ email: echo.errors.email, password: echo.errors.password });
  const login = useLogin();
  const { showNotice } = useNotice();
  const navigate = useNavigate();
  const finish = useFinishSignIn();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    // The app ran after all: a kept comment waits in the box on its post, as the app's own gate keeps one
    // (kept now: the session a login brings unmounts this form before its callbacks would run).
    const postId = decodeId(echo.values.comment_post ?? '');
    if (postId !== null && echo.values.comment) keepCommentDraft(commentDraftKey(postId), echo.values.comment);
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          // A page the server sent back is at /login without its ?next=: the echo holds it.
          const kept = safeNextPath(echo.values.next);
          if (kept) navigate(kept, { replace: true });
          else finish();
        },
        onError: (error) => {
          // 403: not verified yet (a suspended account's, with `errors.account`, is shown here).
          if (isApiError(error) && error.status === 403 && !error.field('account')) {
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
    <form method="post" action={paths.login.getHref()} onSubmit={onSubmit} className="space-y-5">
      {echo.message && <FormMessage text={echo.message} />}
      {next && <input type="hidden" name="next" value={next} />}
      <KeptComment postId={echo.values.comment_post} text={echo.values.comment} />
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
          <Link to={paths.forgotPassword.getHref()} state={email.trim() ? { email: email.trim() } : undefined} className={`${buttonStyles.link} text-sm font-medium`}>
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
