import { TextField } from '../../../components/TextField';

/** The email input of the auth forms (SPEC §5: type email, required), with the server's error under it. */
export function EmailField({
  value,
  onChange,
  error,
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  className?: string;
}) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      className={className}
    />
  );
}
