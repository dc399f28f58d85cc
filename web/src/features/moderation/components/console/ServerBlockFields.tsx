import { SERVER_COMMENT_MAX, SERVER_SEVERITIES, SERVER_SEVERITY_HINTS, SERVER_SEVERITY_LABELS } from '@inkwell/contract';
import { inputClass } from '../../../../components/TextField';
import { ChoiceCards } from './ConsoleBits';
import { FieldError, hintClass, labelClass } from './DecisionFields';

/** The fields of a server's block, by their names in the form (and the API's errors). */
export const SERVER_FIELDS = ['domain', 'severity', 'reject_media', 'reject_reports', 'obfuscate', 'public_comment', 'private_comment'] as const;
export type ServerField = (typeof SERVER_FIELDS)[number];

const FLAGS: ReadonlyArray<{ name: 'reject_media' | 'reject_reports' | 'obfuscate'; label: string }> = [
  { name: 'reject_media', label: 'Refuse its media: its accounts’ pictures are not kept' },
  { name: 'reject_reports', label: 'Refuse its reports' },
  { name: 'obfuscate', label: 'Hide part of the domain on the public list' },
];

const COMMENTS: ReadonlyArray<{ name: 'public_comment' | 'private_comment'; label: string }> = [
  { name: 'public_comment', label: 'Public comment, shown on the moderation page' },
  { name: 'private_comment', label: 'Private comment, for staff only' },
];

/** A checkbox as a plain form sends it ('on'), or as the server echoes it back. */
const ticked = (value: string | undefined) => value === 'on' || value === 'true' || value === '1';
export const describedBy = (...ids: Array<string | false | undefined>) => ids.filter(Boolean).join(' ') || undefined;

interface ServerBlockFieldsProps {
  /** What the fields start with (the block, or a refused plain form's echo). */
  values: Readonly<Record<string, string | undefined>>;
  errors: Readonly<Partial<Record<ServerField, string>>>;
  /** The form's id for a field's error (its input's is that and `-input`), or the severities' hints. */
  ids: (name: ServerField | 'hints') => string;
}

/**
 * A block's fields after its domain: what happens to the server (each choice said in words under the
 * cards), what else is refused, whether its domain is partly hidden on the public list, and the public
 * and private comments. Plain named fields (checkboxes send `on`), the same before and after the scripts.
 */
export function ServerBlockFields({ values, errors, ids }: ServerBlockFieldsProps) {
  return (
    <>
      <fieldset aria-describedby={describedBy(errors.severity && ids('severity'), ids('hints'))}>
        <legend className={labelClass}>What happens to it</legend>
        <ChoiceCards name="severity" choices={SERVER_SEVERITIES} labels={SERVER_SEVERITY_LABELS} value={values.severity} invalid={Boolean(errors.severity)} />
        <FieldError id={ids('severity')} error={errors.severity} />
        <ul id={ids('hints')} className={`${hintClass} space-y-1`}>
          {SERVER_SEVERITIES.map((severity) => (
            <li key={severity}>
              <span className="font-semibold">{SERVER_SEVERITY_LABELS[severity]}:</span> {SERVER_SEVERITY_HINTS[severity]}
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset>
        <legend className={labelClass}>Also</legend>
        <div className="mt-2 space-y-2">
          {FLAGS.map(({ name, label }) => (
            <div key={name}>
              <label className="flex cursor-pointer items-start gap-3 text-[15px] text-zinc-900 dark:text-zinc-100">
                <input
                  type="checkbox"
                  name={name}
                  value="on"
                  defaultChecked={ticked(values[name])}
                  aria-invalid={errors[name] ? true : undefined}
                  aria-describedby={describedBy(errors[name] && ids(name))}
                  className="mt-0.5 size-5 shrink-0 cursor-pointer accent-indigo-700 dark:accent-indigo-400"
                />
                {label}
              </label>
              <FieldError id={ids(name)} error={errors[name]} />
            </div>
          ))}
        </div>
      </fieldset>
      {COMMENTS.map(({ name, label }) => (
        <div key={name}>
          <label htmlFor={`${ids(name)}-input`} className={labelClass}>
            {label}
          </label>
          <textarea
            id={`${ids(name)}-input`}
            name={name}
            rows={2}
            maxLength={SERVER_COMMENT_MAX}
            defaultValue={values[name] ?? ''}
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={describedBy(errors[name] && ids(name))}
            className={`${inputClass} mt-1.5 leading-6`}
          />
          <FieldError id={ids(name)} error={errors[name]} />
        </div>
      ))}
    </>
  );
}
