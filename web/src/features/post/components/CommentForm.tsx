import { useId, useState, type FormEvent } from 'react';
import { COMMENT_MAX_LENGTH } from '@inkwell/contract';
import { Button } from '../../../components/Button';
import { useSignInGate } from '../../../components/use-sign-in-gate';

interface CommentFormProps {
  label: string;
  submitLabel: string;
  placeholder: string;
  busy: boolean;
  autoFocus?: boolean;
  onSubmit: (text: string, userId: number) => Promise<unknown>;
  onCancel?: () => void;
}

/** A text box and its button; visitors pressing the button go to /login (SPEC §5) and come back. */
export function CommentForm({ label, submitLabel, placeholder, busy, autoFocus, onSubmit, onCancel }: CommentFormProps) {
  const [text, setText] = useState('');
  const gate = useSignInGate();
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const session = gate();
    if (!session || text.trim() === '') return;
    onSubmit(text.trim(), Number(session.id)).then(
      () => setText(''),
      () => undefined,
    );
  };

  return (
    <form onSubmit={submit} className="space-y-3">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        maxLength={COMMENT_MAX_LENGTH}
        rows={3}
        autoFocus={autoFocus}
        className="block w-full resize-y rounded-xl border border-zinc-300 bg-white px-4 py-3 text-base leading-6 text-zinc-900 placeholder:text-zinc-500 focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-600/30 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500"
      />
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
