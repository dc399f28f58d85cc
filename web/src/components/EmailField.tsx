import { TextField } from './TextField';

/**
 * An email input (SPEC §5: type email, required) with the server's error under it: the auth forms'
 * "Email", and the newsletter's subscribe box with its own label kept for screen readers only.
 */
export function EmailField({
  value,
  onChange,
  error,
  className,
  label = 'Email',
  hideLabel = false,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  className?: string;
  label?: string;
  hideLabel?: boolean;
  placeholder?: string;
}) {
  return (
    <TextField
      label={label}
      labelClassName={hideLabel ? 'sr-only' : undefined}
      type="email"
      name="email"
      autoComplete="email"
      placeholder={placeholder}
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      className={className}
    />
  );
}
