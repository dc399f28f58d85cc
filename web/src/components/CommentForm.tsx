import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { COMMENT_MAX_LENGTH } from '../lib/limits';
import { Button } from './Button';
import { FormGuard, useFormGuard } from './FormGuard';
import { useSignInGate } from './use-sign-in-gate';
import { dropCommentDraft, keepCommentDraft, readCommentDraft } from '../lib/comment-drafts';
import { useFormEcho } from '../lib/form-echo';
import { useTypedBeforeStart } from '../lib/typed-before-start';

interface CommentFormProps {
  label: string;
  submitLabel: string;
  placeholder: string;
  busy: boolean;
  autoFocus?: boolean;
  /** Where a visitor's text waits while they sign in (comment-drafts.ts). */
  draftKey: string;
  /** `guard`: the form guard's fields (FormGuard.tsx), to send with the text. */
  onSubmit: (text: string, userId: number, guard: { website?: string; filled_ms?: number }) => Promise<unknown>;
  onCancel?: () => void;
  /**
   * Where the browser posts the box itself when it is pressed before the app's scripts run (the
   * server's form routes, server/src/render/forms.ts), the text's field name there and any hidden
   * fields; without it the box (a reply's, opened by the app) has no such way.
   */
  native?: { action: string; field: string; hidden?: Record<string, string> };
}

/**
 * A text box and its button; visitors pressing the button go to /login (SPEC §5) and come back, and
 * what they typed is in the box again, focused, ready to send.
 */
export function CommentForm({ label, submitLabel, placeholder, busy, autoFocus, draftKey, onSubmit, onCancel, native }: CommentFormProps) {
  const echo = useFormEcho();
  // A text the server sent back (refused without the app's scripts) comes first: it is what was just sent.
  const echoed = native ? echo.values[native.field] : undefined;
  const error = native && echoed !== undefined ? (echo.errors[native.field] ?? echo.message ?? undefined) : undefined;
  const [restored] = useState(() => echoed || readCommentDraft(draftKey));
  const [text, setText] = useState(restored);
  const gate = useSignInGate();
  const guard = useFormGuard();
  const id = useId();
  const boxRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (restored) boxRef.current?.focus();
  }, [restored]);

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setText(event.target.value);
    if (event.target.value.trim() === '') dropCommentDraft(draftKey);
  };
  // Typed before the app started (the post page is rendered on the server): kept.
  useTypedBeforeStart(boxRef, text, onChange);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const session = gate();
    if (!session) {
      // On the way to /login: the text waits for the visitor's return.
      keepCommentDraft(draftKey, text);
      return;
    }
    if (text.trim() === '') return;
    // A text typed before (kept through a sign-in, or sent back by the server) has no fill time of its own.
    const { filled_ms: filled, ...honeypot } = guard(event.currentTarget);
    onSubmit(text.trim(), Number(session.id), restored ? honeypot : { ...honeypot, filled_ms: filled }).then(
      () => {
        dropCommentDraft(draftKey);
        setText('');
      },
      () => undefined,
    );
  };

  return (
    <form method="post" action={native?.action} onSubmit={submit} className="relative space-y-3">
      <FormGuard />
      {Object.entries(native?.hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        ref={boxRef}
        id={id}
        name={native?.field}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={text}
        onChange={onChange}
        placeholder={placeholder}
        maxLength={COMMENT_MAX_LENGTH}
        rows={3}
        autoFocus={autoFocus}
        className="block w-full resize-y rounded-xl border border-zinc-300 bg-white px-4 py-3 text-base leading-6 text-zinc-900 placeholder:text-zinc-500 focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-600/30 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel} className="px-4 py-2">
            Cancel
          </Button>
        )}
        <Button type="submit" busy={busy} className="px-4 py-2">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
