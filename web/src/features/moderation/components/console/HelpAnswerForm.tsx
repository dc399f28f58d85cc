import { type FormEvent, useId, useState } from 'react';
import { type FormEcho, HELP_ANSWER_MAX, paths } from '@inkwell/contract';
import { Button } from '../../../../components/Button';
import { inputClass } from '../../../../components/TextField';
import { isApiError } from '../../../../lib/api-client';
import { useAnswerHelp } from '../../api/console-help';
import { problemOf } from './ConsoleBits';
import { FieldError, hintClass, labelClass } from './DecisionFields';

const EMPTY_ANSWER = 'Write the answer: it is what the member reads.';
const describedBy = (...ids: Array<string | false | null | undefined>) => ids.filter(Boolean).join(' ') || undefined;

interface HelpAnswerFormProps {
  requestId: number;
  /** The echo of this request's plain form, refused before the app's scripts ran: what was typed, and why. */
  echo: FormEcho | null;
  onAnswered: (message: string) => void;
}

/**
 * The answer to one open help request. A plain form (the request's number in it) posting to the list
 * before the app's scripts run; with them, sent from here. Refused, the error under the answer (or,
 * naming no field, above the button) and what was typed kept; answered, the list is read again and says so.
 */
export function HelpAnswerForm({ requestId, echo, onAnswered }: HelpAnswerFormProps) {
  const id = useId();
  const send = useAnswerHelp();
  const [error, setError] = useState<string | null>(echo?.errors.answer ?? null);
  const [problem, setProblem] = useState<string | null>(echo ? (echo.errors.id ?? (echo.errors.answer ? null : echo.message)) : null);
  const [length, setLength] = useState((echo?.values.answer ?? '').length);
  const ids = { answer: `${id}-answer`, error: `${id}-answer-error`, hint: `${id}-answer-hint`, problem: `${id}-problem` };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const answer = String(new FormData(event.currentTarget).get('answer') ?? '');
    setProblem(null);
    if (!answer.trim()) {
      setError(EMPTY_ANSWER);
      return;
    }
    setError(null);
    send.mutate(
      { id: requestId, answer },
      {
        onSuccess: (done) => onAnswered(done.message),
        onError: (failure) => {
          const field = isApiError(failure) ? failure.field('answer') : undefined;
          setError(field ?? null);
          if (!field) setProblem((isApiError(failure) && failure.field('id')) || problemOf(failure, 'The answer could not be sent. Please try again.'));
        },
      },
    );
  };

  return (
    <form
      method="post"
      action={paths.modHelp.getHref()}
      onSubmit={submit}
      noValidate
      aria-label={`Answer help request ${requestId}`}
      className="mt-4 space-y-4 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <input type="hidden" name="id" value={requestId} />
      <div>
        <label htmlFor={ids.answer} className={labelClass}>
          Your answer
        </label>
        <textarea
          id={ids.answer}
          name="answer"
          defaultValue={echo?.values.answer ?? ''}
          maxLength={HELP_ANSWER_MAX}
          rows={4}
          onChange={(event) => setLength(event.target.value.length)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && ids.error, ids.hint)}
          className={`${inputClass} mt-1.5 leading-6`}
        />
        <FieldError id={ids.error} error={error ?? undefined} />
        <p id={ids.hint} className={hintClass}>
          They read it under Help in their notifications, and by mail if they chose help mails. {length} / {HELP_ANSWER_MAX}
        </p>
      </div>
      {problem && (
        <p id={ids.problem} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
      <Button type="submit" busy={send.isPending} className="w-full sm:w-auto">
        Send the answer
      </Button>
    </form>
  );
}
