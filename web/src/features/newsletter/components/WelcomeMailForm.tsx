import { useState, type FormEvent } from 'react';
import { NEWSLETTER_WELCOME_MAX } from '@inkwell/contract';
import { Button } from '../../../components/Button';
import { isApiError } from '../../../lib/api-client';
import { useSaveWelcome } from '../api/subscribers';

/** The writer's own welcome mail, sent to each address as it confirms; left blank, Inkwell's default. */
export function WelcomeMailForm({ userId, saved }: { userId: string; saved: string | null }) {
  const [text, setText] = useState(saved ?? '');
  const save = useSaveWelcome(userId);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(text);
  };
  const failure = save.error ? (isApiError(save.error) && (save.error.field('welcome') ?? save.error.message)) || 'It could not be saved. Please try again.' : null;
  return (
    <form onSubmit={onSubmit} className="mt-10" aria-labelledby="welcome-heading">
      <h2 id="welcome-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        Welcome mail
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">What a new subscriber reads once they confirm. Left blank, they get a short thank-you.</p>
      <label htmlFor="welcome-text" className="sr-only">
        Welcome mail text
      </label>
      <textarea
        id="welcome-text"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={NEWSLETTER_WELCOME_MAX}
        rows={5}
        placeholder="Thank you for subscribing…"
        aria-invalid={failure ? true : undefined}
        className="mt-3 block w-full rounded-lg border border-zinc-300 bg-white px-3.5 py-2.5 text-base text-zinc-900 placeholder:text-zinc-400 focus:border-indigo-600 focus:outline-2 focus:outline-indigo-600/30 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-50"
      />
      {failure && (
        <p role="alert" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {failure}
        </p>
      )}
      {save.isSuccess && !save.isPending && (
        <p role="status" className="mt-1.5 text-sm text-emerald-700 dark:text-emerald-400">
          {save.data.message}
        </p>
      )}
      <Button type="submit" variant="secondary" busy={save.isPending} className="mt-3">
        Save welcome mail
      </Button>
    </form>
  );
}
