import { useId, useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTypedBeforeStart } from '../lib/typed-before-start';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Something placed inside the input's right edge, e.g. the eye toggle. */
  trailing?: ReactNode;
  /** Extra classes for the label (e.g. capitals shown, a word read out). */
  labelClassName?: string;
}

export const inputClass =
  'block w-full rounded-lg border border-zinc-300 bg-white px-3.5 py-2.5 text-base text-zinc-900 placeholder:text-zinc-400 shadow-xs transition-colors focus:border-indigo-600 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600/30 aria-invalid:border-red-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-50 dark:focus:border-indigo-400';

/** A labelled input with its hint and the server's field error under it (SPEC §5). */
export function TextField({ label, hint, error, trailing, labelClassName = '', className = '', ...input }: TextFieldProps) {
  const ref = useRef<HTMLInputElement>(null);
  // Typed before the app started (a server-rendered page): kept (lib/typed-before-start.ts).
  useTypedBeforeStart(ref, input.value, input.onChange);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={`mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200 ${labelClassName}`}>
        {label}
      </label>
      <div className="relative">
        <input ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={`${inputClass} ${trailing ? 'pr-11' : ''}`} {...input} />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing}</div>}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs leading-5 text-zinc-600 dark:text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  );
}
