import { useId, useState } from 'react';
import { CalendarClock } from 'lucide-react';
import { DRAFT_MESSAGES, SCHEDULE_MAX_DAYS, type Draft } from '@inkwell/contract';
import { Button } from '../../../components/Button';
import { inputClass } from '../../../components/TextField';
import { formatDateTime, localInputToIso, toLocalInputValue } from '../../../lib/dates';

const DAY_MS = 24 * 60 * 60 * 1000;

interface ScheduleControlProps {
  draft: Draft | null;
  /** Schedules (an ISO time) or unschedules (null); answers the error to show here, null when done, '' when not sent. */
  onSchedule: (publishAt: string | null) => Promise<string | null>;
}

/** What is wrong with the chosen time, before asking the server (which checks the same). */
function timeProblem(iso: string | null): string | null {
  if (!iso) return 'Choose a date and time.';
  const at = new Date(iso).getTime();
  if (at <= Date.now()) return DRAFT_MESSAGES.scheduleInPast;
  if (at > Date.now() + SCHEDULE_MAX_DAYS * DAY_MS) return DRAFT_MESSAGES.scheduleTooFar;
  return null;
}

/** Schedule: a local date and time, sent as UTC; once scheduled, when it goes out and a way back. */
export function ScheduleControl({ draft, onSchedule }: ScheduleControlProps) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [bounds] = useState(() => ({ min: toLocalInputValue(new Date()), max: toLocalInputValue(new Date(Date.now() + SCHEDULE_MAX_DAYS * DAY_MS)) }));
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const send = async (publishAt: string | null) => {
    setBusy(true);
    try {
      const problem = await onSchedule(publishAt);
      setError(problem || null);
      if (problem === null) setValue('');
    } finally {
      setBusy(false);
    }
  };

  if (draft?.publish_at) {
    return (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p data-testid="scheduled-for" className="flex items-start gap-2 text-sm text-zinc-800 dark:text-zinc-200">
          <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-700 dark:text-indigo-300" />
          <span>
            Scheduled for{' '}
            <time dateTime={draft.publish_at} className="font-semibold">
              {formatDateTime(draft.publish_at)}
            </time>
          </span>
        </p>
        <Button type="button" variant="secondary" busy={busy} onClick={() => void send(null)} className="shrink-0">
          Cancel schedule
        </Button>
      </div>
    );
  }

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Publish later
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          id={id}
          type="datetime-local"
          value={value}
          min={bounds.min}
          max={bounds.max}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(' ')}
          className={`${inputClass} min-w-0 sm:flex-1 dark:[color-scheme:dark]`}
        />
        <Button
          type="button"
          variant="secondary"
          busy={busy}
          className="shrink-0"
          onClick={() => {
            const iso = localInputToIso(value);
            const problem = timeProblem(iso);
            if (problem) setError(problem);
            else void send(iso);
          }}
        >
          Schedule
        </Button>
      </div>
      <p id={hintId} className="mt-1.5 text-xs leading-5 text-zinc-600 dark:text-zinc-400">
        Your time zone{zone ? ` (${zone.replace(/_/g, ' ')})` : ''}. The story is published then by itself.
      </p>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
