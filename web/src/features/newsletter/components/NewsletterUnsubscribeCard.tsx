import { useState } from 'react';
import { MailCheck, MailX, Mail, Link2Off } from 'lucide-react';
import { paths } from '@inkwell/contract';
import { NEWSLETTER_INVALID_LINK, newsletterResubscribedText } from '@inkwell/contract/newsletters';
import { AuthCard } from '../../../components/AuthCard';
import { Button } from '../../../components/Button';
import { isApiError } from '../../../lib/api-client';
import { useNewsletterUnsubscribe } from '../api/unsubscribe';

type Step = 'ask' | 'done' | 'again' | 'invalid';

const TONES: Record<Step, string> = {
  ask: 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300',
  done: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  again: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300',
  invalid: 'bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300',
};

/**
 * The page every newsletter mail's unsubscribe link opens (/newsletter/unsubscribe?token=…), no
 * session needed. Its button posts to the link's own address, as a mail program's one-click does
 * (RFC 8058): before the app's scripts run the browser sends it and comes back with `done=1`; after,
 * the call is made here and Undo is offered.
 */
export function NewsletterUnsubscribeCard({ token, done }: { token: string; done: boolean }) {
  const [step, setStep] = useState<Step>(token ? (done ? 'done' : 'ask') : 'invalid');
  const [writer, setWriter] = useState<string | null>(null);
  const call = useNewsletterUnsubscribe();

  const send = (subscribe: boolean) =>
    call.mutate(
      { token, subscribe },
      {
        onSuccess: (data) => {
          setWriter(data.writer.name);
          setStep(data.subscribed ? 'again' : 'done');
        },
        onError: (error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429) setStep('invalid');
        },
      },
    );

  const Icon = { ask: Mail, done: MailX, again: MailCheck, invalid: Link2Off }[step];
  const who = writer ?? 'this writer';
  const text = {
    ask: `Stop getting new stories by ${who} by email?`,
    done: `Done: you will no longer get new stories by ${who} by email.`,
    again: newsletterResubscribedText(who),
    invalid: NEWSLETTER_INVALID_LINK,
  }[step];
  const failed = call.isError && step !== 'invalid';

  return (
    <AuthCard title={step === 'done' ? 'Unsubscribed' : 'Unsubscribe'}>
      <div className="flex flex-col items-center text-center">
        <span className={`flex size-14 items-center justify-center rounded-full ${TONES[step]}`}>
          <Icon aria-hidden="true" className="size-7" />
        </span>
        <p
          role={step === 'ask' ? undefined : step === 'invalid' ? 'alert' : 'status'}
          data-testid={`newsletter-unsubscribe-${step}`}
          className="mt-4 text-base leading-7 text-zinc-700 dark:text-zinc-300"
        >
          {text}
        </p>
        {failed && (
          <p role="alert" className="mt-4 w-full rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200 dark:bg-red-950 dark:text-red-100 dark:ring-red-800">
            Something went wrong. Please try again.
          </p>
        )}
        {step === 'ask' || step === 'again' ? (
          <form
            method="post"
            action={paths.newsletterUnsubscribe.getHref(token)}
            onSubmit={(event) => {
              event.preventDefault();
              send(false);
            }}
            className="w-full"
          >
            <Button type="submit" className="mt-6 w-full" busy={call.isPending}>
              Unsubscribe
            </Button>
          </form>
        ) : step === 'done' ? (
          <Button variant="secondary" className="mt-6 w-full" busy={call.isPending} onClick={() => send(true)}>
            Undo
          </Button>
        ) : null}
      </div>
    </AuthCard>
  );
}
