import { type FormEvent, type ReactNode, useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@inkwell/contract';
import { Button, buttonStyles } from '../../../../components/Button';
import { inputClass } from '../../../../components/TextField';
import { type AuditFilter, type AuditFilterField, auditFilterOf } from '../../api/audit';
import { AUDIT_TARGET_KINDS, auditActionLabel } from './AuditWords';
import { FieldError } from './DecisionFields';

const labelClass = 'block text-sm font-semibold text-zinc-900 dark:text-zinc-100';

type Option = { value: string; label: string };

/** The options of a select, with the value the address holds kept even when the list has no such option (so the form sends it again). */
function withCurrent(options: Option[], current: string | undefined): Option[] {
  return current && !options.some((o) => o.value === current) ? [...options, { value: current, label: current }] : options;
}

/** What a filter's control is handed: its id (the label's), name, error state and look. */
interface ControlProps {
  id: string;
  name: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  className: string;
}

interface FieldProps {
  name: AuditFilterField;
  label: string;
  error: string | undefined;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled filter with its error under it (the API's, for a day or a server it refused). */
function Field({ name, label, error, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({ id, name, ...(error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {}), className: `${inputClass} mt-1.5` })}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A select of the filters: "any" first (no filter), then the options; it starts from the address's value. */
function FilterSelect({ options, none, value, ...control }: ControlProps & { options: Option[]; none: string; value: string | undefined }) {
  return (
    <select {...control} defaultValue={value ?? ''}>
      <option value="">{none}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

interface AuditFiltersProps {
  filter: AuditFilter;
  /** Every kind of action on file, and everyone who acted as staff (the first page's answer; empty until it comes). */
  actions: readonly string[];
  actors: ReadonlyArray<{ id: number; name: string }>;
  /** A refused filter (422): the API's message, and its words for each field. */
  problem: { message: string; errors: Partial<Record<AuditFilterField, string>> } | null;
}

/**
 * The log's filters as a plain GET form to the log's own address, so they work before the app's scripts
 * and each view has its address (`/mod/audit?action=case.decide&from=2026-11-01`); with the app running,
 * filtering moves to that address here. The fields start from the address.
 */
export function AuditFilters({ filter, actions, actors, problem }: AuditFiltersProps) {
  const navigate = useNavigate();
  const problemId = useId();
  const actorOptions = withCurrent(
    actors.map((a) => ({ value: String(a.id), label: a.name.trim() || `Moderator ${a.id}` })),
    filter.actor_id,
  );
  const actionOptions = withCurrent(
    actions.map((action) => ({ value: action, label: auditActionLabel(action) ? `${auditActionLabel(action)} (${action})` : action })),
    filter.action,
  );
  const kindOptions = withCurrent([...AUDIT_TARGET_KINDS], filter.target_kind);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === 'string') values.append(name, value);
    void navigate(paths.modAudit.getHref(auditFilterOf(values)));
  };

  return (
    <form method="get" action={paths.modAudit.path} onSubmit={submit} aria-label="Filter the audit log" aria-describedby={problem ? problemId : undefined} className="mt-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field name="actor_id" label="Moderator" error={problem?.errors.actor_id}>
          {(props) => <FilterSelect {...props} options={actorOptions} none="Anyone" value={filter.actor_id} />}
        </Field>
        <Field name="action" label="Action" error={problem?.errors.action}>
          {(props) => <FilterSelect {...props} options={actionOptions} none="Any action" value={filter.action} />}
        </Field>
        <Field name="target_kind" label="On" error={problem?.errors.target_kind}>
          {(props) => <FilterSelect {...props} options={kindOptions} none="Any" value={filter.target_kind} />}
        </Field>
        <Field name="server" label="Server" error={problem?.errors.server}>
          {(props) => <input {...props} type="text" defaultValue={filter.server ?? ''} placeholder="mastodon.example" autoComplete="off" spellCheck={false} />}
        </Field>
        <Field name="from" label="From" error={problem?.errors.from}>
          {(props) => <input {...props} type="date" defaultValue={filter.from ?? ''} />}
        </Field>
        <Field name="to" label="To" error={problem?.errors.to}>
          {(props) => <input {...props} type="date" defaultValue={filter.to ?? ''} />}
        </Field>
      </div>
      {problem && (
        <p id={problemId} role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
          {problem.message}
        </p>
      )}
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Button type="submit">Filter</Button>
        <Link to={paths.modAudit.getHref()} className={buttonStyles.secondary}>
          Clear
        </Link>
      </div>
    </form>
  );
}
