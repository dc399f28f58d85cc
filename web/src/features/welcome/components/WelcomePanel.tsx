import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { X } from 'lucide-react';
import { paths } from '@inkwell/contract';
import { Button, buttonStyles } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { isApiError } from '../../../lib/api-client';
import { useFormEcho } from '../../../lib/form-echo';
import { NAME_MAX } from '../../../lib/limits';
import { useSaveName } from '../api/save-name';
import { isWelcomeDone, markWelcomeDone } from '../lib/dismissal';

interface WelcomePanelProps {
  userId: string;
  /** The member's name from their profile; the step asks only while it is empty. */
  name: string | null | undefined;
  /** Whether the profile has been read (nothing shows before: a named member never sees a flash). */
  loaded: boolean;
}

type Stage = 'name' | 'topics' | 'closed';

export const WELCOME_NAME_REQUIRED = 'The name field is required.';

const panelClass = 'relative rounded-2xl bg-indigo-50/70 p-5 ring-1 ring-indigo-100 sm:p-6 dark:bg-indigo-950/30 dark:ring-indigo-900/60';
const eyebrowClass = 'text-xs font-semibold uppercase tracking-[0.14em] text-indigo-700 dark:text-indigo-300';
const headingClass = 'mt-1 pr-8 font-serif text-2xl font-bold tracking-tight text-zinc-900 focus:outline-none dark:text-zinc-50';
const textClass = 'mt-2 max-w-prose text-sm leading-6 text-zinc-700 dark:text-zinc-300';

/**
 * The first hour's welcome step, on the home page: signup asks no name, so a new member is asked for
 * one here (saved with update-profile), then offered the topic picker (Manage Category). Each step can
 * be skipped; once finished or skipped it does not come back for this member in this browser.
 */
export function WelcomePanel({ userId, name, loaded }: WelcomePanelProps) {
  const [stage, setStage] = useState<Stage>(() => (isWelcomeDone(userId) ? 'closed' : 'name'));
  const echo = useFormEcho();
  const [value, setValue] = useState(echo.values.name ?? '');
  const [error, setError] = useState<string | undefined>(echo.errors.name ?? echo.message ?? undefined);
  const [savedName, setSavedName] = useState<string | null>(null);
  const save = useSaveName(userId);
  const headingId = useId();
  const topicsHeading = useRef<HTMLHeadingElement>(null);

  // Moving on to the topics step: focus goes to its heading, so a screen reader hears where it is.
  useEffect(() => {
    if (stage === 'topics') topicsHeading.current?.focus();
  }, [stage]);

  if (stage === 'closed') return null;
  if (stage === 'name' && (!loaded || name?.trim())) return null;

  const close = () => {
    markWelcomeDone(userId);
    setStage('closed');
  };
  const skipName = () => {
    markWelcomeDone(userId);
    setStage('topics');
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (!trimmed) {
      setError(WELCOME_NAME_REQUIRED);
      return;
    }
    save.mutate(trimmed, {
      onSuccess: (answer) => {
        markWelcomeDone(userId);
        setSavedName(answer.user.name?.trim() || trimmed);
        setStage('topics');
      },
      onError: (failure) => setError((isApiError(failure) && (failure.field('name') || failure.message)) || 'Your name could not be saved. Please try again.'),
    });
  };

  const closeButton = (
    <button
      type="button"
      onClick={close}
      aria-label="Close the welcome"
      className="absolute right-3 top-3 rounded-full p-1.5 text-zinc-500 hover:bg-white/70 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-zinc-400 dark:hover:bg-zinc-900 dark:hover:text-zinc-100"
    >
      <X aria-hidden="true" className="size-4" />
    </button>
  );

  if (stage === 'topics') {
    return (
      <section aria-labelledby={headingId} data-testid="welcome" className={panelClass}>
        {closeButton}
        <p className={eyebrowClass}>Welcome to Inkwell</p>
        <h2 id={headingId} ref={topicsHeading} tabIndex={-1} className={headingClass}>
          {savedName ? `Nice to meet you, ${savedName}.` : 'What would you like to read?'}
        </h2>
        <p className={textClass}>Pick a few topics you like and ‘For you’ shows their posts, newest first. You can change them any time with the + beside the tabs.</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Link to={paths.recommendation.getHref()} onClick={close} className={buttonStyles.primary}>
            Choose topics
          </Link>
          <Button type="button" variant="secondary" onClick={close}>
            Not now
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby={headingId} data-testid="welcome" className={panelClass}>
      {closeButton}
      <p className={eyebrowClass}>Welcome to Inkwell</p>
      <h2 id={headingId} className={headingClass}>
        What should readers call you?
      </h2>
      <p className={textClass}>
        Your name goes on your stories and comments, and on the notices people get when you like or follow them. Without one they say ‘Undefined author!’, ‘Anonymous’ and
        ‘Someone’.
      </p>
      {/* Pressed before the app's scripts run, the browser posts it to / itself (server/src/render/forms.ts). */}
      <form method="post" action={paths.home.getHref()} noValidate onSubmit={submit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Your name"
          name="name"
          autoComplete="name"
          maxLength={NAME_MAX}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
          error={error}
          className="min-w-0 flex-1"
        />
        <div className="flex gap-2 sm:mt-7">
          <Button type="submit" busy={save.isPending} className="flex-1 sm:flex-none">
            Save name
          </Button>
          <Button type="button" variant="secondary" onClick={skipName} className="flex-1 sm:flex-none">
            Skip
          </Button>
        </div>
      </form>
    </section>
  );
}
