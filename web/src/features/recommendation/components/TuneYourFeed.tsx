import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { X } from 'lucide-react';
import type { TuningKind } from '@inkwell/contract';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useFeedTuning } from '../../../api/feed-tuning';
import { useResetFeedTuning } from '../../../api/reset-feed-tuning';
import { useSetFeedTuning } from '../../../api/set-feed-tuning';

/** The section's id: a For you card's "Tune your feed" (feed/components/TuningMenu) links to it. */
export const TUNE_YOUR_FEED_ID = 'tune-your-feed';

const removeClass =
  'inline-flex shrink-0 items-center gap-1 rounded-full px-3 py-1.5 text-sm font-medium text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-50 dark:text-zinc-300 dark:hover:bg-zinc-800';

function Group({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="py-4">
      <h3 id={id} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        {title}
      </h3>
      <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{hint}</p>
      <ul aria-labelledby={id} className="mt-2 divide-y divide-zinc-100 dark:divide-zinc-800/70">
        {children}
      </ul>
    </div>
  );
}

/**
 * "Tune your feed" (issue 13), under Manage Category: what the reader asked of For you from its
 * stories' ⋯ menu (more or less of a topic, muted authors), each removable, and Reset all.
 */
export function TuneYourFeed({ userId }: { userId: string }) {
  const tuning = useFeedTuning(userId);
  const change = useSetFeedTuning(userId);
  const reset = useResetFeedTuning(userId);
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const { hash } = useLocation();

  // Opened from a card's "Tune your feed": the section is in view once its list is.
  const loaded = tuning.isSuccess;
  useEffect(() => {
    if (loaded && hash === `#${TUNE_YOUR_FEED_ID}`) sectionRef.current?.scrollIntoView?.({ block: 'start' });
  }, [loaded, hash]);

  const { more = [], less = [], muted = [] } = tuning.data ?? {};
  const count = more.length + less.length + muted.length;
  const remove = (kind: TuningKind, targetId: number) => change.mutate({ kind, targetId, on: false });
  const topicRow = (kind: 'more' | 'less', topic: { id: number; name: string }) => (
    <li key={topic.id} className="flex items-center justify-between gap-3 py-2">
      <span className="min-w-0 truncate text-zinc-800 dark:text-zinc-200">{topic.name}</span>
      <button type="button" className={removeClass} disabled={change.isPending} onClick={() => remove(kind, topic.id)} aria-label={`Remove ${topic.name}`}>
        <X aria-hidden="true" className="size-4" />
        Remove
      </button>
    </li>
  );

  return (
    <section ref={sectionRef} id={TUNE_YOUR_FEED_ID} aria-labelledby={headingId} className="mx-auto w-full max-w-[728px] scroll-mt-20 px-4 pb-16 sm:px-6">
      <div className="flex flex-col gap-3 border-b border-zinc-200 pb-4 sm:flex-row sm:items-end sm:justify-between dark:border-zinc-800">
        <div>
          <h2 id={headingId} className="font-serif text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">
            Tune your feed
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">What you asked of ‘For you’ from a story’s ⋯ menu. Remove one to undo it, or reset them all.</p>
        </div>
        <Button
          variant="secondary"
          disabled={count === 0}
          busy={reset.isPending}
          onClick={() => setConfirming(true)}
          className="!px-4 !py-2 shrink-0 self-start whitespace-nowrap text-xs tracking-wide sm:self-auto"
        >
          RESET ALL
        </Button>
      </div>

      {tuning.isPending ? (
        <div aria-label="Loading your tuning" className="space-y-3 py-4">
          <div className="h-4 w-40 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
          <div className="h-4 w-64 animate-pulse rounded bg-zinc-100 dark:bg-zinc-900" />
        </div>
      ) : tuning.isError ? (
        <p className="py-8 text-center text-zinc-600 dark:text-zinc-400">Your tuning could not be loaded.</p>
      ) : count === 0 ? (
        <p className="py-8 text-center text-zinc-600 dark:text-zinc-400">Nothing tuned yet. Open ⋯ on a story in ‘For you’ to see more or less like it, or to mute its author.</p>
      ) : (
        <div className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {more.length > 0 && (
            <Group title="More like this" hint="These topics’ stories join ‘For you’.">
              {more.map((topic) => topicRow('more', topic))}
            </Group>
          )}
          {less.length > 0 && (
            <Group title="Less like this" hint="These topics’ stories stay out of ‘For you’, whoever wrote them.">
              {less.map((topic) => topicRow('less', topic))}
            </Group>
          )}
          {muted.length > 0 && (
            <Group title="Muted authors" hint="Left out of ‘For you’ only: their stories stay readable everywhere else, and they are not told.">
              {muted.map((author) => {
                const name = author.name?.trim() || 'Unnamed member';
                return (
                  <li key={author.id} className="flex items-center justify-between gap-3 py-2">
                    <span className="flex min-w-0 items-center gap-3">
                      <Avatar src={author.profile_picture} size={32} />
                      <span className="truncate text-zinc-800 dark:text-zinc-200">{name}</span>
                    </span>
                    <button type="button" className={removeClass} disabled={change.isPending} onClick={() => remove('mute', author.id)} aria-label={`Unmute ${name}`}>
                      Unmute
                    </button>
                  </li>
                );
              })}
            </Group>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Reset your feed tuning?"
        message="Every More like this, Less like this and mute will be forgotten, and ‘For you’ shows your topics and the people you follow again."
        confirmLabel="Reset"
        cancelLabel="Keep them"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          reset.mutate();
        }}
      />
    </section>
  );
}
