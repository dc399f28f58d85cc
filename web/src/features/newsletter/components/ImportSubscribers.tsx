import { useState, type FormEvent } from 'react';
import { NEWSLETTER_IMPORT_MAX_CHARS } from '@inkwell/contract';
import { Button } from '../../../components/Button';
import { isApiError } from '../../../lib/api-client';
import { useImportSubscribers } from '../api/subscribers';

/**
 * The writer brings a list from elsewhere: a CSV with an `email` column (Substack's, Ghost's and
 * Mailchimp's exports have one) or one address a line. Each address gets a confirmation mail unless
 * the writer ticks that everyone on it asked for their stories (then they are added at once).
 */
export function ImportSubscribers({ userId }: { userId: string }) {
  const importer = useImportSubscribers(userId);
  const [file, setFile] = useState<File | null>(null);
  const [consent, setConsent] = useState(false);
  const [tooBig, setTooBig] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) return;
    const csv = await file.text();
    setTooBig(csv.length > NEWSLETTER_IMPORT_MAX_CHARS);
    if (csv.length <= NEWSLETTER_IMPORT_MAX_CHARS) importer.mutate({ csv, consent });
  };
  const failure = tooBig
    ? 'The file may not be greater than 900 KB; split it in parts.'
    : importer.error
      ? (isApiError(importer.error) && (importer.error.field('csv') ?? importer.error.message)) || 'The file could not be imported. Please try again.'
      : null;
  const done = importer.isSuccess && !importer.isPending && !tooBig ? importer.data : null;

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="mt-10" aria-labelledby="import-heading">
      <h2 id="import-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        Import subscribers
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        A CSV file with a column named <span className="font-mono">email</span>, as Substack, Ghost and Mailchimp export it, or one address a line. Everyone on it gets a mail
        asking them to confirm, unless you tick the box below. Nobody who unsubscribed or bounced is added back.
      </p>
      <label htmlFor="import-file" className="mt-3 block text-sm font-medium text-zinc-900 dark:text-zinc-50">
        CSV file
      </label>
      <input
        id="import-file"
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        aria-invalid={failure ? true : undefined}
        className="mt-1.5 block w-full text-sm text-zinc-700 file:mr-3 file:rounded-full file:border-0 file:bg-zinc-100 file:px-4 file:py-2 file:text-sm file:font-medium file:text-zinc-900 hover:file:bg-zinc-200 dark:text-zinc-300 dark:file:bg-zinc-800 dark:file:text-zinc-50 dark:hover:file:bg-zinc-700"
      />
      <label className="mt-3 flex items-start gap-2.5 text-sm text-zinc-700 dark:text-zinc-300">
        <input
          type="checkbox"
          checked={consent}
          onChange={(event) => setConsent(event.target.checked)}
          className="mt-0.5 size-4 shrink-0 rounded border-zinc-300 accent-indigo-600"
        />
        <span>Everyone in this file asked to get my stories by email: add them without a confirmation mail.</span>
      </label>
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {failure}
        </p>
      )}
      {done && (
        <div role="status" className="mt-2 text-sm text-emerald-700 dark:text-emerald-400">
          <p>{done.message}</p>
          {done.invalid.length > 0 && (
            <ul className="mt-1 list-disc pl-5 text-zinc-600 dark:text-zinc-400">
              {done.invalid.map((bad) => (
                <li key={bad.line}>
                  Line {bad.line}: <span className="break-all font-mono">{bad.value || '(empty)'}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <Button type="submit" variant="secondary" busy={importer.isPending} disabled={!file} className="mt-3">
        Import
      </Button>
    </form>
  );
}
