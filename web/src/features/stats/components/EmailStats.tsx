import { Mail } from 'lucide-react';
import type { StatsEmail } from '@inkwell/contract';
import { formatCount, plural } from '../lib/format';

/** Where a story's mail stands, in a few words: 'Emailed to 1,204', 'Sending: 300 of 1,204', 'Email queued'. */
export function emailProgress(email: StatsEmail): string {
  if (email.status === 'queued') return 'Email queued';
  if (email.status === 'sending') return `Sending: ${formatCount(email.sent)} of ${formatCount(email.recipients)}`;
  return `Emailed to ${formatCount(email.sent)}`;
}

/** The panel's first line: where the mail stands, out of how many subscribers. */
function headline(email: StatsEmail): string {
  if (email.status === 'queued') return 'The email to your subscribers is about to go out.';
  const of = `${formatCount(email.sent)} of ${plural(email.recipients, 'subscriber')}`;
  return email.status === 'sending' ? `Sending: ${of} so far` : `Emailed to ${of}`;
}

/** Under a story's title in the table: how its mail to subscribers went (nothing for a story not mailed). */
export function EmailBadge({ email }: { email: StatsEmail | null }) {
  if (!email) return null;
  return (
    <span data-testid="stats-email" className="mt-1 flex items-center gap-1 pl-5.5 text-xs text-zinc-500 dark:text-zinc-400">
      <Mail aria-hidden="true" className="size-3.5 shrink-0" />
      {emailProgress(email)}
    </span>
  );
}

/** In a story's panel: the mail's whole account (issue 29), beside its views and reads. */
export function EmailSummary({ email }: { email: StatsEmail | null }) {
  if (!email) return null;
  const problems = [
    email.pending > 0 ? `${formatCount(email.pending)} still to go` : null,
    email.failed > 0 ? `${formatCount(email.failed)} failed` : null,
    email.bounced > 0 ? `${formatCount(email.bounced)} bounced` : null,
  ].filter(Boolean);
  const share = email.recipients > 0 ? Math.round((email.sent / email.recipients) * 100) : 0;
  return (
    <div data-testid="post-stats-email" className="mt-3 rounded-lg border border-zinc-200 px-3 py-2.5 text-sm text-zinc-700 dark:border-zinc-800 dark:text-zinc-300">
      <p className="flex items-center gap-1.5 font-medium text-zinc-900 dark:text-zinc-100">
        <Mail aria-hidden="true" className="size-4" />
        {headline(email)}
      </p>
      {email.status === 'sending' && (
        <div
          role="progressbar"
          aria-label="Email sent so far"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={share}
          className="mt-2 h-1.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
        >
          <div className="h-full rounded-full bg-indigo-600 dark:bg-indigo-400" style={{ width: `${share}%` }} />
        </div>
      )}
      {email.status !== 'queued' && (
        <p className="mt-1 text-zinc-600 dark:text-zinc-400">{[...problems, `${plural(email.unsubscribed, 'unsubscribe')} from this email`].join(' · ')}</p>
      )}
    </div>
  );
}
