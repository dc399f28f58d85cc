import { useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { MailPlus } from 'lucide-react';
import { NEWSLETTER_CHECK_INBOX, NEWSLETTER_SUBSCRIBE_FORM, newsletterSubscribedText } from '@inkwell/contract/newsletters';
import { Button } from '../../../components/Button';
import { EmailField } from '../../../components/EmailField';
import { isApiError } from '../../../lib/api-client';
import { useFormEcho } from '../../../lib/form-echo';
import { FormGuard, useFormGuard } from '../../../components/FormGuard';
import { useSession } from '../../../lib/session';
import { useSubscribeToWriter } from '../api/subscribe';

/**
 * "Get new stories by email", on a writer's profile and at the end of each of their stories (issue 29).
 * A visitor gives an address and confirms it from a mail; a member subscribes with their own address
 * in one click. It is a real form: sent before the app starts, the server subscribes and brings the
 * reader back here with `?newsletter=…` (server/src/render/forms.ts).
 */
export function SubscribeByEmail({
  writerId,
  writerName,
  source,
  already,
}: {
  writerId: number;
  writerName: string;
  source: 'profile' | 'story';
  /** A member's own address is on the list already (the profile knows it: its "Email me too" tick). */
  already?: 'confirmed' | 'pending' | null;
}) {
  const session = useSession();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const echo = useFormEcho();
  const [email, setEmail] = useState(echo.values.email ?? '');
  const subscribe = useSubscribeToWriter();
  const guard = useFormGuard();
  const returned = searchParams.get('newsletter');
  const state = returned === 'pending' || returned === 'confirmed' ? returned : session ? already : null;
  const done = subscribe.data?.message ?? (state === 'pending' ? NEWSLETTER_CHECK_INBOX : state === 'confirmed' ? newsletterSubscribedText(writerName) : null);
  const failure = subscribe.error
    ? (isApiError(subscribe.error) && (subscribe.error.field('email') ?? subscribe.error.message)) || 'Something went wrong. Please try again.'
    : (echo.errors.email ?? echo.message ?? undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    subscribe.mutate({ writerId, source, ...(session ? {} : { email: email.trim() }), guard: guard(event.currentTarget) });
  };

  return (
    <section id="newsletter" aria-labelledby={`newsletter-${source}`} className="rounded-2xl border border-zinc-200 bg-zinc-50 px-5 py-5 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
          <MailPlus aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={`newsletter-${source}`} className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
            Get new stories by email
          </h2>
          <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">Every new story by {writerName}, in your inbox as soon as it is published.</p>
        </div>
      </div>
      {done ? (
        <p
          role="status"
          data-testid="newsletter-subscribed"
          className="mt-4 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-800"
        >
          {done}
        </p>
      ) : (
        <form method="post" action={NEWSLETTER_SUBSCRIBE_FORM} onSubmit={onSubmit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
          <FormGuard />
          <input type="hidden" name="writer_id" value={writerId} />
          <input type="hidden" name="source" value={source} />
          <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
          {!session && <EmailField label="Address for new stories" hideLabel placeholder="you@example.com" value={email} onChange={setEmail} error={failure} className="flex-1" />}
          <Button type="submit" busy={subscribe.isPending} className={session ? 'w-full sm:w-auto' : 'sm:mt-0.5'}>
            Subscribe
          </Button>
          {session && failure && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {failure}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
