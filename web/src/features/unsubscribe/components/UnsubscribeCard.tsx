import { useState } from 'react';
import { Link } from 'react-router';
import { Link2Off, Mail, MailCheck, MailX } from 'lucide-react';
import { MAIL_KIND_TEXT, paths, unsubscribeKindOf, type MailKind } from '@inkwell/contract';
import { AuthCard } from '../../../components/AuthCard';
import { Button, buttonStyles } from '../../../components/Button';
import { isApiError } from '../../../lib/api-client';
import { useUnsubscribe } from '../api/unsubscribe';

export const INVALID_LINK_TEXT = 'This link is not valid. You can change your mail choices in Settings.';
const SETTINGS_HREF = `${paths.settings.getHref()}?tab=notification`;

type Step = 'ask' | 'done' | 'again' | 'invalid';

/** The server refused the token itself (bad, forged, for a member who is gone), not the moment. */
function refusesLink(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429;
}

function SettingsLink() {
  return (
    <>
      <Link to={SETTINGS_HREF} className={buttonStyles.link}>
        All mail choices in Settings
      </Link>
      <span className="block pt-1">They are on its Notification tab.</span>
    </>
  );
}

function Icon({ step }: { step: Step }) {
  const [Shape, tone] =
    step === 'invalid'
      ? [Link2Off, 'bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300']
      : step === 'done'
        ? [MailX, 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300']
        : step === 'again'
          ? [MailCheck, 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300']
          : [Mail, 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300'];
  return (
    <span className={`flex size-14 items-center justify-center rounded-full ${tone}`}>
      <Shape aria-hidden="true" className="size-7" />
    </span>
  );
}

/**
 * The page a mail's unsubscribe link opens (/unsubscribe?token=…), signed in or not: it says which
 * mails the link is about (read from the token), unsubscribes on a click, and offers Undo.
 */
export function UnsubscribeCard({ token }: { token: string }) {
  const tokenKind = unsubscribeKindOf(token);
  const [step, setStep] = useState<Step>(tokenKind ? 'ask' : 'invalid');
  const [kind, setKind] = useState<MailKind | null>(tokenKind);
  const [failure, setFailure] = useState<string | null>(null);
  const call = useUnsubscribe();

  const send = (subscribe: boolean) => {
    setFailure(null);
    call.mutate(
      { token, subscribe },
      {
        onSuccess: (data) => {
          setKind(data.kind);
          setStep(data.subscribed ? 'again' : 'done');
        },
        onError: (error) => {
          if (refusesLink(error)) setStep('invalid');
          else setFailure((isApiError(error) && error.message) || 'Something went wrong. Please try again.');
        },
      },
    );
  };

  if (step === 'invalid' || kind === null) {
    return (
      <AuthCard title="Unsubscribe">
        <div className="flex flex-col items-center text-center">
          <Icon step="invalid" />
          <p role="alert" data-testid="unsubscribe-invalid" className="mt-4 text-base leading-7 text-zinc-700 dark:text-zinc-300">
            {INVALID_LINK_TEXT}
          </p>
          <div className="mt-6 text-sm text-zinc-600 dark:text-zinc-400">
            <SettingsLink />
          </div>
        </div>
      </AuthCard>
    );
  }

  const about = MAIL_KIND_TEXT[kind];
  return (
    <AuthCard title={step === 'done' ? 'Unsubscribed' : 'Unsubscribe'} footer={<SettingsLink />}>
      <div className="flex flex-col items-center text-center">
        <Icon step={step} />
        {step === 'done' ? (
          <p role="status" className="mt-4 text-base leading-7 text-zinc-700 dark:text-zinc-300">
            Done: you will no longer get mails when {about}.
          </p>
        ) : (
          <>
            {step === 'again' && (
              <p
                role="status"
                className="mt-4 w-full rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-800"
              >
                You will get these mails again.
              </p>
            )}
            <p className="mt-4 text-base leading-7 text-zinc-700 dark:text-zinc-300">Stop mails when {about}?</p>
          </>
        )}
        {failure && (
          <p role="alert" className="mt-4 w-full rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200 dark:bg-red-950 dark:text-red-100 dark:ring-red-800">
            {failure}
          </p>
        )}
        {step === 'done' ? (
          <Button variant="secondary" className="mt-6 w-full" busy={call.isPending} onClick={() => send(true)}>
            Undo
          </Button>
        ) : (
          <Button className="mt-6 w-full" busy={call.isPending} onClick={() => send(false)}>
            Unsubscribe
          </Button>
        )}
      </div>
    </AuthCard>
  );
}
