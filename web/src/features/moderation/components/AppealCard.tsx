import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Link2Off, Scale } from 'lucide-react';
import { APPEAL_INVALID_LINK, APPEAL_OUTCOMES, APPEAL_TEXT_MAX, type AppealStatementResponse, type AppealView, paths } from '@inkwell/contract';
import { AuthCard } from '../../../components/AuthCard';
import { Button, buttonStyles } from '../../../components/Button';
import { isApiError } from '../../../lib/api-client';
import { useFormEcho } from '../../../lib/form-echo';
import { useAppealStatement, useSendAppeal } from '../api/appeals';

/** A time as the statement mail writes it, in UTC: the same on the server's page and in the browser. */
const utc = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' });
const when = (iso: string) => `${utc.format(new Date(iso)).replace(' at ', ', ')} UTC`;

/** What was done, as a heading says it. */
const DONE = {
  suspend: 'Your account was suspended',
  hide: 'Something you wrote was hidden',
  'no-comments': 'Your comments were stopped',
  limit: 'Your account was limited',
} as const;

const card = 'rounded-xl border border-zinc-200 p-4 text-[15px] leading-6 text-zinc-800 dark:border-zinc-800 dark:text-zinc-200';

function Statement({ action, windowEndsAt }: { action: AppealStatementResponse['action']; windowEndsAt: string }) {
  const lasts = action.lifted_at ? `It ended ${when(action.lifted_at)}.` : action.ends_at ? `It lasts until ${when(action.ends_at)}.` : 'It lasts until a moderator lifts it.';
  return (
    <section aria-labelledby="appeal-statement" className={card}>
      <h2 id="appeal-statement" className="font-semibold text-zinc-900 dark:text-zinc-100">
        {DONE[action.kind]}
      </h2>
      <p className="mt-2">
        The moderators acted on {action.what} on {when(action.starts_at)}. {lasts}
      </p>
      <p className="mt-2">
        <span className="font-medium">Their reasons:</span> {action.reason}
      </p>
      {!action.lifted_at && <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">You can appeal until {when(windowEndsAt)}.</p>}
    </section>
  );
}

function Appealed({ appeal }: { appeal: AppealView }) {
  return (
    <section aria-labelledby="appeal-yours" className={`${card} mt-4`} data-testid="appeal-made">
      <h2 id="appeal-yours" className="font-semibold text-zinc-900 dark:text-zinc-100">
        Your appeal, sent {when(appeal.created_at)}
      </h2>
      <p className="mt-2 whitespace-pre-line">{appeal.text}</p>
      {appeal.status === 'open' ? (
        <p role="status" className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
          A moderator will read it and answer. We will write to you.
        </p>
      ) : (
        <div role="status" className="mt-3 rounded-lg bg-zinc-50 p-3 dark:bg-zinc-800/60">
          <p className="font-medium">{APPEAL_OUTCOMES[appeal.status]}</p>
          {appeal.reply && <p className="mt-1">Their reasons: {appeal.reply}</p>}
        </div>
      )}
    </section>
  );
}

/**
 * The appeal page (issue 47, ADR 0103): the statement of reasons the link is about and, once, the
 * appeal of it within the window; then the appeal and the moderators' answer. A plain form posting to
 * its own address: sent before the app's scripts run, the server sends it through the same API and
 * comes back to this page (server/src/render/forms.ts).
 */
export function AppealCard({ token }: { token: string }) {
  const echo = useFormEcho();
  const statement = useAppealStatement(token);
  const send = useSendAppeal(token);
  const [text, setText] = useState(echo.values.text ?? '');
  const [problem, setProblem] = useState<string | null>(echo.errors.text ?? echo.errors.token ?? echo.message);
  const textId = useId();
  const hintId = useId();
  const errorId = useId();
  const rules = (
    <Link to={paths.rules.getHref()} className={buttonStyles.link}>
      The rules of this server
    </Link>
  );

  if (statement.isPending) {
    return (
      <AuthCard title="Appeal">
        <p className="text-center text-zinc-600 dark:text-zinc-400">Loading…</p>
      </AuthCard>
    );
  }
  if (statement.isError || !statement.data) {
    const refused = isApiError(statement.error) && statement.error.status < 500 && statement.error.status !== 429;
    return (
      <AuthCard title="Appeal">
        <div className="flex flex-col items-center text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300">
            <Link2Off aria-hidden="true" className="size-7" />
          </span>
          <p role="alert" data-testid="appeal-invalid" className="mt-4 text-base leading-7 text-zinc-700 dark:text-zinc-300">
            {refused ? APPEAL_INVALID_LINK : 'Something went wrong. Please try again.'}
          </p>
        </div>
      </AuthCard>
    );
  }

  const { action, appeal, window_ends_at: windowEndsAt } = statement.data;
  const open = !appeal && !action.lifted_at && Date.parse(windowEndsAt) > Date.now();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!text.trim()) {
      setProblem('Say why you think the moderators got it wrong.');
      return;
    }
    setProblem(null);
    send.mutate(text, { onError: (error) => setProblem((isApiError(error) && error.message) || 'Your appeal could not be sent. Please try again.') });
  };

  return (
    <AuthCard title="Appeal a moderators’ decision" footer={rules}>
      <Statement action={action} windowEndsAt={windowEndsAt} />
      {appeal && <Appealed appeal={appeal} />}
      {open && (
        <form method="post" action={paths.appeal.path} onSubmit={submit} aria-describedby={problem ? errorId : undefined} noValidate className="mt-6">
          <input type="hidden" name="token" value={token} />
          <label htmlFor={textId} className="flex items-center gap-2 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            <Scale aria-hidden="true" className="size-4" />
            Why should they look again?
          </label>
          <textarea
            id={textId}
            name="text"
            value={text}
            required
            maxLength={APPEAL_TEXT_MAX}
            rows={6}
            aria-describedby={hintId}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => setText(event.target.value)}
            className="mt-2 block w-full rounded-xl border border-zinc-300 bg-white p-3 text-[15px] leading-6 text-zinc-900 placeholder:text-zinc-500 focus:border-indigo-600 focus:outline-2 focus:outline-indigo-600/30 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
            placeholder="What they may have missed, the context, what you will do differently…"
          />
          <p id={hintId} className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
            One appeal per decision. A moderator reads it and answers with their reasons. {text.length} / {APPEAL_TEXT_MAX}
          </p>
          {problem && (
            <p id={errorId} role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
              {problem}
            </p>
          )}
          <Button type="submit" className="mt-6 w-full" busy={send.isPending}>
            Send appeal
          </Button>
        </form>
      )}
      {!appeal && !open && !action.lifted_at && (
        <p role="status" className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
          The time to appeal this decision has passed.
        </p>
      )}
    </AuthCard>
  );
}
