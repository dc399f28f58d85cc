import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { REPORT_CATEGORIES, REPORT_CATEGORY_LABELS, REPORT_KIND_NOUNS, REPORT_NOTE_MAX, type ReportCategory, type ReportKind, type ReportTarget, paths } from '@inkwell/contract';
import { Button } from '../../../components/Button';
import { isApiError } from '../../../lib/api-client';
import { useFormEcho } from '../../../lib/form-echo';
import { useReport } from '../api/reports';

/** The heading's words for what is reported. */
export const reportTitle = (kind: ReportKind) => `Report this ${REPORT_KIND_NOUNS[kind]}`;

/**
 * The report form (issue 47): why (one of the categories, each with what it covers) and a note for the
 * moderators. It is a plain form posting to its own address, so it works before the app's scripts run
 * (the server calls the same API and comes back with its messages); with them, the report is sent from
 * here and the reader goes to their reports, where the receipt shows.
 */
export function ReportForm({ userId, target }: { userId: string; target: ReportTarget }) {
  const echo = useFormEcho();
  const [category, setCategory] = useState<ReportCategory | ''>(() =>
    (REPORT_CATEGORIES as readonly string[]).includes(echo.values.category ?? '') ? (echo.values.category as ReportCategory) : '',
  );
  const [note, setNote] = useState(echo.values.note ?? '');
  const [problem, setProblem] = useState<string | null>(echo.errors.category ?? echo.errors.note ?? echo.errors.target_id ?? echo.message);
  const send = useReport(userId);
  const navigate = useNavigate();
  const legendId = useId();
  const noteId = useId();
  const hintId = useId();
  const errorId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!category) {
      setProblem('Choose what is wrong with it.');
      return;
    }
    setProblem(null);
    send.mutate(
      { kind: target.kind, targetId: target.id, category, note },
      {
        onSuccess: (receipt) => void navigate(paths.reports.getHref(receipt.report_id)),
        onError: (error) => setProblem((isApiError(error) && error.message) || 'Your report could not be sent. Please try again.'),
      },
    );
  };

  return (
    <form method="post" action={paths.report.getHref(target.kind, target.id)} onSubmit={submit} aria-describedby={problem ? errorId : undefined} noValidate>
      <fieldset aria-labelledby={legendId}>
        <legend id={legendId} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          What is wrong with it?
        </legend>
        <div className="mt-3 space-y-2">
          {REPORT_CATEGORIES.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer gap-3 rounded-xl border border-zinc-200 p-3 has-checked:border-indigo-600 has-checked:bg-indigo-50 dark:border-zinc-800 dark:has-checked:border-indigo-400 dark:has-checked:bg-indigo-950/40"
            >
              <input
                type="radio"
                name="category"
                value={value}
                required
                checked={category === value}
                onChange={() => setCategory(value)}
                className="mt-1 size-4 shrink-0 accent-indigo-700 dark:accent-indigo-400"
              />
              <span>
                <span className="block text-[15px] font-medium text-zinc-900 dark:text-zinc-100">{REPORT_CATEGORY_LABELS[value].label}</span>
                <span className="block text-sm text-zinc-600 dark:text-zinc-400">{REPORT_CATEGORY_LABELS[value].hint}</span>
              </span>
            </label>
          ))}
        </div>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          <Link to={paths.rules.getHref()} className="font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300">
            The rules of this server
          </Link>
        </p>
      </fieldset>
      <label htmlFor={noteId} className="mt-6 block text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        Anything the moderators should know? <span className="font-normal text-zinc-600 dark:text-zinc-400">(optional)</span>
      </label>
      <textarea
        id={noteId}
        name="note"
        value={note}
        maxLength={REPORT_NOTE_MAX}
        rows={4}
        aria-describedby={hintId}
        onChange={(event) => setNote(event.target.value)}
        className="mt-2 block w-full rounded-xl border border-zinc-300 bg-white p-3 text-[15px] leading-6 text-zinc-900 placeholder:text-zinc-500 focus:border-indigo-600 focus:outline-2 focus:outline-indigo-600/30 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        placeholder="Where it happens, what it is part of, a link…"
      />
      <p id={hintId} className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
        Only the moderators read it. {target.kind === 'account' ? 'The account' : 'Whoever wrote it'} is never told who reported it. {note.length} / {REPORT_NOTE_MAX}
      </p>
      {problem && (
        <p id={errorId} role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
      <div className="mt-6 flex flex-wrap items-center justify-end gap-3">
        <Link
          to={target.href}
          className="rounded-full px-4 py-2 text-sm font-semibold text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-zinc-200 dark:hover:bg-zinc-800"
        >
          Cancel
        </Link>
        <Button type="submit" busy={send.isPending}>
          Send report
        </Button>
      </div>
    </form>
  );
}
