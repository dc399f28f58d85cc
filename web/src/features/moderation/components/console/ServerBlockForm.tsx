import { type FormEvent, useId, useState } from 'react';
import { SERVER_SEVERITIES, type ServerSeverity, paths } from '@inkwell/contract';
import type { FormEcho } from '@inkwell/contract';
import type { ServerBlock } from '@inkwell/contract/schemas';
import { Button } from '../../../../components/Button';
import { inputClass } from '../../../../components/TextField';
import { isApiError } from '../../../../lib/api-client';
import { useSaveServerBlock } from '../../api/console-servers';
import { FieldError, labelClass } from './DecisionFields';
import { problemOf } from './ConsoleBits';
import { SERVER_FIELDS, type ServerField, ServerBlockFields, describedBy } from './ServerBlockFields';

type Errors = Partial<Record<ServerField, string>>;

function errorsOf(error: unknown): Errors {
  if (!isApiError(error)) return {};
  const errors: Errors = {};
  for (const name of SERVER_FIELDS) {
    const message = error.field(name);
    if (message) errors[name] = message;
  }
  return errors;
}

/** What the fields start with: a refused plain form's echo, else the block as it is (editing), else nothing. */
function startOf(server: ServerBlock | undefined, echo: FormEcho | null): Record<string, string | undefined> {
  if (echo) return echo.values;
  if (!server) return {};
  const flag = (on: boolean) => (on ? 'on' : '');
  return {
    domain: server.domain,
    severity: server.severity,
    reject_media: flag(server.reject_media),
    reject_reports: flag(server.reject_reports),
    obfuscate: flag(server.obfuscate),
    public_comment: server.public_comment,
    private_comment: server.private_comment,
  };
}

interface ServerBlockFormProps {
  /** The block changed (its domain fixed), or none: a new block. */
  server?: ServerBlock;
  /** This form's echo, when the server refused it before the app's scripts ran. */
  echo?: FormEcho | null;
  onSaved: (message: string) => void;
}

/**
 * A server's block, new or changed: its domain, what happens to it (suspended, or no block), what is
 * refused of it, whether its domain is partly hidden on the public list, and the comments. A plain form
 * posting to the console's servers (`form` = save) before the app's scripts run; with them, sent from
 * here: refused, each error under its field with what was typed kept.
 */
export function ServerBlockForm({ server, echo = null, onSaved }: ServerBlockFormProps) {
  const id = useId();
  const send = useSaveServerBlock();
  const [values] = useState(() => startOf(server, echo));
  const [errors, setErrors] = useState<Errors>(echo?.errors ?? {});
  const [problem, setProblem] = useState<string | null>(echo?.message ?? null);
  const ids = (name: ServerField | 'hints' | 'problem') => `${id}-${name}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    const domain = server ? server.domain : text('domain').trim();
    const severity = text('severity');
    const local: Errors = {
      ...(domain === '' ? { domain: 'The domain field is required.' } : {}),
      ...((SERVER_SEVERITIES as readonly string[]).includes(severity) ? {} : { severity: 'Choose what happens to the server.' }),
    };
    setProblem(null);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    send.mutate(
      {
        domain,
        severity: severity as ServerSeverity,
        reject_media: data.get('reject_media') === 'on',
        reject_reports: data.get('reject_reports') === 'on',
        obfuscate: data.get('obfuscate') === 'on',
        public_comment: text('public_comment'),
        private_comment: text('private_comment'),
      },
      {
        onSuccess: (done) => onSaved(done.message),
        onError: (error) => {
          const fields = errorsOf(error);
          setErrors(fields);
          if (Object.keys(fields).length > 0) return;
          setProblem(problemOf(error, 'The block could not be saved. Please try again.'));
        },
      },
    );
  };

  return (
    <form
      method="post"
      action={paths.modServers.getHref()}
      onSubmit={submit}
      noValidate
      aria-label={server ? `Change the block on ${server.domain}` : 'Add a block'}
      aria-describedby={problem ? ids('problem') : undefined}
      className="space-y-5"
    >
      <input type="hidden" name="form" value="save" />
      {server ? (
        <div>
          <input type="hidden" name="domain" value={server.domain} />
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            Domain: <span className="break-all font-medium text-zinc-900 dark:text-zinc-100">{server.domain}</span>
          </p>
          <FieldError id={ids('domain')} error={errors.domain} />
        </div>
      ) : (
        <div>
          <label htmlFor={`${ids('domain')}-input`} className={labelClass}>
            Domain
          </label>
          <input
            id={`${ids('domain')}-input`}
            name="domain"
            type="text"
            defaultValue={values.domain ?? ''}
            placeholder="example.social"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={errors.domain ? true : undefined}
            aria-describedby={describedBy(errors.domain && ids('domain'))}
            className={`${inputClass} mt-1.5 sm:max-w-md`}
          />
          <FieldError id={ids('domain')} error={errors.domain} />
        </div>
      )}
      <ServerBlockFields values={values} errors={errors} ids={ids} />
      {problem && (
        <p id={ids('problem')} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
      <Button type="submit" className="w-full sm:w-auto" busy={send.isPending} aria-label={server ? `Save changes to the block on ${server.domain}` : undefined}>
        {server ? 'Save changes' : 'Add the block'}
      </Button>
    </form>
  );
}
