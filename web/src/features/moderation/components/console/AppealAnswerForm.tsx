import { type FormEvent, useId, useState } from 'react';
import { APPEAL_ANSWERS, APPEAL_ANSWER_LABELS, APPEAL_REPLY_MAX, type AppealAnswerName, DECISION_DURATIONS, STAFF_ONLY, paths } from '@inkwell/contract';
import { Button } from '../../../../components/Button';
import { inputClass } from '../../../../components/TextField';
import { isApiError } from '../../../../lib/api-client';
import { useFormEcho } from '../../../../lib/form-echo';
import { type AppealStatusFilter, useAnswerAppeal } from '../../api/console-appeals';
import { ChoiceCards } from './ConsoleBits';
import { FieldError, hintClass, labelClass } from './DecisionFields';

type Field = 'answer' | 'for' | 'reply';
type Errors = Partial<Record<Field, string>>;

/** A change's lengths, counted from the action's start (no "until lifted": that is turning the appeal down). */
const LENGTHS = Object.entries(DECISION_DURATIONS).filter(([value]) => value !== '');
const describedBy = (...ids: Array<string | false | undefined>) => ids.filter(Boolean).join(' ') || undefined;

function errorsOf(error: unknown): Errors {
  if (!isApiError(error)) return {};
  const errors: Errors = {};
  for (const name of ['answer', 'for', 'reply'] as const) {
    const message = error.field(name);
    if (message) errors[name] = message;
  }
  return errors;
}

/**
 * The answer to one appeal: uphold it, turn it down, or change how long the action lasts, with the
 * reasons the appellant reads. A plain form (the appeal's number in it) posting to the list before the
 * app's scripts run; with them, sent from here. Refused, the errors by their fields and what was typed
 * kept; answered, the list is read again and says so.
 */
export function AppealAnswerForm({ appealId, status, onAnswered }: { appealId: number; status: AppealStatusFilter; onAnswered: (message: string) => void }) {
  const echo = useFormEcho();
  const mine = echo.values.id === String(appealId);
  const values = mine ? echo.values : {};
  const id = useId();
  const send = useAnswerAppeal();
  const [errors, setErrors] = useState<Errors>(mine ? echo.errors : {});
  const [problem, setProblem] = useState<string | null>(mine ? echo.message : null);
  const [replyLength, setReplyLength] = useState((values.reply ?? '').length);
  const ids = { answer: `${id}-answer`, for: `${id}-for`, reply: `${id}-reply`, hint: `${id}-reply-hint`, problem: `${id}-problem` };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const answer = text('answer');
    setProblem(null);
    if (!(APPEAL_ANSWERS as readonly string[]).includes(answer)) {
      setErrors({ answer: 'Choose an answer.' });
      return;
    }
    setErrors({});
    send.mutate(
      { id: appealId, answer: answer as AppealAnswerName, for: text('for'), reply: text('reply') },
      {
        onSuccess: (done) => onAnswered(done.message),
        onError: (error) => {
          setErrors(errorsOf(error));
          setProblem(isApiError(error) ? error.message || (error.status === 403 ? STAFF_ONLY : null) : 'The appeal could not be answered. Please try again.');
        },
      },
    );
  };

  return (
    <form
      method="post"
      action={paths.modAppeals.getHref(status)}
      onSubmit={submit}
      noValidate
      aria-label={`Answer appeal ${appealId}`}
      className="mt-4 space-y-4 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <input type="hidden" name="id" value={appealId} />
      <fieldset aria-describedby={describedBy(errors.answer && `${ids.answer}-error`)}>
        <legend className={labelClass}>Answer</legend>
        <ChoiceCards name="answer" choices={APPEAL_ANSWERS} labels={APPEAL_ANSWER_LABELS} value={values.answer} invalid={Boolean(errors.answer)} columns="sm:grid-cols-3" />
        <FieldError id={`${ids.answer}-error`} error={errors.answer} />
      </fieldset>
      <div>
        <label htmlFor={ids.for} className={labelClass}>
          New length, from the action’s start
        </label>
        <select
          id={ids.for}
          name="for"
          defaultValue={values.for ?? ''}
          aria-invalid={errors.for ? true : undefined}
          aria-describedby={describedBy(errors.for && `${ids.for}-error`)}
          className={`${inputClass} mt-1.5 sm:max-w-xs`}
        >
          <option value="">Only for a change</option>
          {LENGTHS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <FieldError id={`${ids.for}-error`} error={errors.for} />
      </div>
      <div>
        <label htmlFor={ids.reply} className={labelClass}>
          Your reasons (told to the appellant)
        </label>
        <textarea
          id={ids.reply}
          name="reply"
          defaultValue={values.reply ?? ''}
          maxLength={APPEAL_REPLY_MAX}
          rows={3}
          onChange={(event) => setReplyLength(event.target.value.length)}
          aria-invalid={errors.reply ? true : undefined}
          aria-describedby={describedBy(errors.reply && `${ids.reply}-error`, ids.hint)}
          className={`${inputClass} mt-1.5 leading-6`}
        />
        <FieldError id={`${ids.reply}-error`} error={errors.reply} />
        <p id={ids.hint} className={hintClass}>
          They read it in the app and by mail, with the answer. {replyLength} / {APPEAL_REPLY_MAX}
        </p>
      </div>
      {problem && (
        <p id={ids.problem} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
      <Button type="submit" busy={send.isPending}>
        Answer appeal {appealId}
      </Button>
    </form>
  );
}
