import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_PATTERN, PASSWORD_REVEAL_MS } from '@inkwell/contract';
import { TextField } from './TextField';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  hint?: string;
  error?: string;
}

/** SPEC §2, §5: the password input with its rules and an eye that reveals the text for 700 ms. */
export function PasswordField({ label, hint, error, ...input }: PasswordFieldProps) {
  const [revealed, setRevealed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const reveal = () => {
    clearTimeout(timer.current);
    setRevealed(true);
    timer.current = setTimeout(() => setRevealed(false), PASSWORD_REVEAL_MS);
  };

  const Icon = revealed ? EyeOff : Eye;
  return (
    <TextField
      {...input}
      label={label}
      hint={hint}
      error={error}
      type={revealed ? 'text' : 'password'}
      required
      minLength={PASSWORD_MIN_LENGTH}
      maxLength={PASSWORD_MAX_LENGTH}
      pattern={PASSWORD_PATTERN.source}
      title={hint}
      trailing={
        <button
          type="button"
          onClick={reveal}
          aria-label="Show characters"
          aria-pressed={revealed}
          className="rounded-md p-2 text-zinc-500 hover:text-zinc-800 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-zinc-400 dark:hover:text-zinc-100"
        >
          <Icon aria-hidden="true" className="size-5" />
        </button>
      }
    />
  );
}
