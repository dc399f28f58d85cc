import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { SERVER_CSV_MAX, paths } from '@inkwell/contract';
import type { FormEcho } from '@inkwell/contract';
import type { ModServersImportResponse } from '@inkwell/contract/schemas';
import { Button } from '../../../../components/Button';
import { inputClass } from '../../../../components/TextField';
import { isApiError } from '../../../../lib/api-client';
import { useHydrating } from '../../../../lib/use-hydrating';
import { useImportServerBlocks } from '../../api/console-servers';
import { FieldError, hintClass, labelClass } from './DecisionFields';
import { problemOf } from './ConsoleBits';
import { resultClass } from './DecisionResult';

type ImportResult = Pick<ModServersImportResponse, 'message' | 'skipped'>;
type Skipped = ModServersImportResponse['skipped'][number];

/** The result a plain form's echo carries when the import was done: its message and the lines skipped (JSON), or null. */
function resultOf(echo: FormEcho | null): ImportResult | null {
  if (!echo?.message || echo.values.skipped === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(echo.values.skipped || '[]');
    if (!Array.isArray(parsed)) return null;
    const skipped = parsed.filter(
      (s): s is Skipped => typeof s === 'object' && s !== null && typeof s.line === 'number' && typeof s.domain === 'string' && typeof s.reason === 'string',
    );
    return { message: echo.message, skipped };
  } catch {
    return null;
  }
}

/** What came of an import: the server's message, and each line not taken with why. */
function ImportDone({ result }: { result: ImportResult }) {
  const skipped = result.skipped.length > 0;
  return (
    <div role="status" className={resultClass(skipped)}>
      <p className="font-medium">{result.message}</p>
      {skipped && (
        <>
          <p className="mt-2">Lines not taken:</p>
          <ul aria-label="Lines not taken" className="mt-1 list-disc space-y-1 pl-5">
            {result.skipped.map((s, index) => (
              <li key={`${s.line}-${index}`} className="break-words">
                Line {s.line}
                {s.domain && <span className="break-all">, {s.domain}</span>}: {s.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * Blocks from a Mastodon domain-block CSV: pasted, or (with the app's scripts) read from its file into
 * the same box. A plain form (`form` = import) before the scripts run, the server's answer coming back
 * as the page's echo; with them, sent from here. Either way, what was added and each line skipped.
 */
export function ServersImport({ echo }: { echo: FormEcho | null }) {
  const id = useId();
  const hydrating = useHydrating();
  const send = useImportServerBlocks();
  const box = useRef<HTMLTextAreaElement>(null);
  const [echoedResult] = useState(() => resultOf(echo));
  const [result, setResult] = useState<ImportResult | null>(echoedResult);
  const [error, setError] = useState<string | undefined>(echo?.errors.csv);
  const [problem, setProblem] = useState<string | null>(echoedResult || echo?.errors.csv ? null : (echo?.message ?? null));
  const ids = { csv: `${id}-csv`, error: `${id}-csv-error`, hint: `${id}-csv-hint`, file: `${id}-file`, problem: `${id}-problem` };

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file || !box.current) return;
    try {
      box.current.value = await file.text();
      setError(undefined);
    } catch {
      setError('That file could not be read.');
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const csv = box.current?.value ?? '';
    setResult(null);
    setProblem(null);
    if (csv.trim() === '') {
      setError('Paste the CSV or choose its file.');
      return;
    }
    setError(undefined);
    send.mutate(csv, {
      onSuccess: (done) => {
        setResult(done);
        form.reset();
      },
      onError: (failure) => {
        const csvError = isApiError(failure) ? failure.field('csv') : undefined;
        setError(csvError);
        if (csvError) return;
        setProblem(problemOf(failure, 'The CSV could not be imported. Please try again.'));
      },
    });
  };

  return (
    <form
      method="post"
      action={paths.modServers.getHref()}
      onSubmit={submit}
      noValidate
      aria-label="Import blocks"
      aria-describedby={problem ? ids.problem : undefined}
      className="space-y-4"
    >
      <input type="hidden" name="form" value="import" />
      <div>
        <label htmlFor={ids.csv} className={labelClass}>
          Paste a Mastodon domain-block CSV
        </label>
        <textarea
          ref={box}
          id={ids.csv}
          name="csv"
          rows={5}
          maxLength={SERVER_CSV_MAX}
          defaultValue={echoedResult ? '' : (echo?.values.csv ?? '')}
          placeholder={'#domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate\nspam.example,suspend,true,true,Spam,false'}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error && ids.error, ids.hint].filter(Boolean).join(' ')}
          className={`${inputClass} mt-1.5 font-mono text-sm leading-6`}
        />
        <FieldError id={ids.error} error={error} />
        <p id={ids.hint} className={hintClass}>
          Its header line, or none. A server blocked here already is left as it is.
        </p>
      </div>
      {!hydrating && (
        <div>
          <label htmlFor={ids.file} className={labelClass}>
            Or choose its file
          </label>
          <input
            id={ids.file}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void readFile(event)}
            className="mt-1.5 block w-full text-sm text-zinc-700 file:mr-3 file:rounded-full file:border file:border-zinc-300 file:bg-white file:px-4 file:py-2 file:text-sm file:font-semibold file:text-zinc-900 dark:text-zinc-300 dark:file:border-zinc-700 dark:file:bg-zinc-900 dark:file:text-zinc-100"
          />
        </div>
      )}
      {problem && (
        <p id={ids.problem} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
      <Button type="submit" className="w-full sm:w-auto" busy={send.isPending}>
        Import
      </Button>
      {result && <ImportDone result={result} />}
    </form>
  );
}
