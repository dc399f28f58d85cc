import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Link2Off, Mail, MailCheck } from 'lucide-react';
import { paths } from '@inkwell/contract';
import { NEWSLETTER_INVALID_LINK } from '@inkwell/contract/newsletters';
import { AuthCard } from '../../../components/AuthCard';
import { Button, buttonStyles } from '../../../components/Button';
import { isApiError } from '../../../lib/api-client';
import { useFormEcho } from '../../../lib/form-echo';
import { useConfirmNewsletter, useNewsletterConfirmation } from '../api/confirmation';

function Badge({ tone, children }: { tone: 'ask' | 'done' | 'invalid'; children: React.ReactNode }) {
  const colours = {
    ask: 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300',
    done: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300',
    invalid: 'bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300',
  }[tone];
  return <span className={`flex size-14 items-center justify-center rounded-full ${colours}`}>{children}</span>;
}

/**
 * The page a newsletter's confirmation mail opens (/newsletter/confirm?token=…). Opening it confirms
 * nothing (a mail scanner may open every link); the button does. Pressed before the app's scripts
 * run, the browser posts the form itself (server/src/render/forms.ts) and this page comes back confirmed.
 */
export function NewsletterConfirmCard({ token }: { token: string }) {
  const echo = useFormEcho();
  const confirmation = useNewsletterConfirmation(token);
  const confirm = useConfirmNewsletter(token);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    confirm.mutate();
  };

  if (confirmation.isPending) {
    return (
      <AuthCard title="Confirm your subscription">
        <p className="text-center text-zinc-600 dark:text-zinc-400">Loading…</p>
      </AuthCard>
    );
  }
  if (confirmation.isError || !confirmation.data) {
    const refused = isApiError(confirmation.error) && confirmation.error.status < 500 && confirmation.error.status !== 429;
    return (
      <AuthCard title="Confirm your subscription">
        <div className="flex flex-col items-center text-center">
          <Badge tone="invalid">
            <Link2Off aria-hidden="true" className="size-7" />
          </Badge>
          <p role="alert" data-testid="newsletter-invalid" className="mt-4 text-base leading-7 text-zinc-700 dark:text-zinc-300">
            {refused ? NEWSLETTER_INVALID_LINK : 'Something went wrong. Please try again.'}
          </p>
        </div>
      </AuthCard>
    );
  }

  const { writer, email, confirmed } = confirmation.data;
  const profile = (
    <Link to={paths.viewProfile.getHref(writer.id)} className={buttonStyles.link}>
      Read {writer.name}’s stories
    </Link>
  );
  if (confirmed || confirm.isSuccess) {
    return (
      <AuthCard title="You’re subscribed" footer={profile}>
        <div className="flex flex-col items-center text-center">
          <Badge tone="done">
            <MailCheck aria-hidden="true" className="size-7" />
          </Badge>
          <p role="status" data-testid="newsletter-confirmed" className="mt-4 text-base leading-7 text-zinc-700 dark:text-zinc-300">
            New stories by <strong className="font-semibold text-zinc-900 dark:text-zinc-100">{writer.name}</strong> will come to {email}.
          </p>
        </div>
      </AuthCard>
    );
  }

  const failure = confirm.error ? (isApiError(confirm.error) && confirm.error.message) || 'Something went wrong. Please try again.' : echo.message;
  return (
    <AuthCard title="Confirm your subscription" footer={profile}>
      <form method="post" action={paths.newsletterConfirm.path} onSubmit={onSubmit} className="flex flex-col items-center text-center">
        <input type="hidden" name="token" value={token} />
        <Badge tone="ask">
          <Mail aria-hidden="true" className="size-7" />
        </Badge>
        <p className="mt-4 text-base leading-7 text-zinc-700 dark:text-zinc-300">
          Get new stories by <strong className="font-semibold text-zinc-900 dark:text-zinc-100">{writer.name}</strong> at {email}?
        </p>
        {failure && (
          <p role="alert" className="mt-4 w-full rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200 dark:bg-red-950 dark:text-red-100 dark:ring-red-800">
            {failure}
          </p>
        )}
        <Button type="submit" className="mt-6 w-full" busy={confirm.isPending}>
          Confirm subscription
        </Button>
        <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">Not you? Close this page: nothing happens until the button is pressed.</p>
      </form>
    </AuthCard>
  );
}
