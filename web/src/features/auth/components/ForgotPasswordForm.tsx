import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import { paths } from '@inkwell/contract';
import { Button, buttonStyles } from '../../../components/Button';
import { useNotice } from '../../../components/NoticeProvider';
import { isApiError } from '../../../lib/api-client';
import { useForgotPassword } from '../api/forgot-password';
import { EmailField } from '../../../components/EmailField';

export interface LinkAsked {
  /** The server's answer: the same whether or not the address has an account. */
  message: string;
  email: string;
}

/** Asks for a password reset link; `onSent` gets the server's answer. */
export function ForgotPasswordForm({ initialEmail = '', onSent }: { initialEmail?: string; onSent: (asked: LinkAsked) => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const forgot = useForgotPassword();
  const { showNotice } = useNotice();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    const address = email.trim();
    forgot.mutate(
      { email: address },
      {
        onSuccess: (data) => onSent({ message: data.message, email: address }),
        onError: (failure) => {
          if (isApiError(failure)) setError(failure.field('email'));
          showNotice((isApiError(failure) && failure.message) || 'The link could not be sent. Please try again.', 'red');
        },
      },
    );
  };

  return (
    // This screen is not rendered on the server, so the form exists only once the app runs; post, all
    // the same, so that nothing ever sends it as a GET with the address or a password in the URL.
    <form method="post" onSubmit={onSubmit} className="space-y-5">
      <EmailField value={email} onChange={setEmail} error={error} />
      <Button type="submit" busy={forgot.isPending} className="w-full">
        Send reset link
      </Button>
    </form>
  );
}

/**
 * The answer, said in place (a popup would be gone after 5 s): it cannot say whether a mail went,
 * since that would tell strangers who has an account.
 */
export function ResetLinkSent({ asked, onAgain }: { asked: LinkAsked; onAgain: () => void }) {
  return (
    <div className="flex flex-col items-center text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
        <MailCheck aria-hidden="true" className="size-7" />
      </span>
      <p className="mt-4 text-sm font-medium break-all text-zinc-900 dark:text-zinc-100">{asked.email}</p>
      <p role="status" data-testid="reset-link-sent" className="mt-2 text-base leading-7 text-zinc-700 dark:text-zinc-300">
        {asked.message}
      </p>
      <Link to={paths.login.getHref()} className={`${buttonStyles.primary} mt-6 w-full`}>
        Back to Login
      </Link>
      <button type="button" onClick={onAgain} className={`${buttonStyles.link} mt-4 text-sm`}>
        Use another email or send again
      </button>
    </div>
  );
}
