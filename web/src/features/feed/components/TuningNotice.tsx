import { useEffect } from 'react';
import { X } from 'lucide-react';
import type { TuningKind } from '@inkwell/contract';
import { useNotice } from '../../../components/NoticeProvider';
import { useSetFeedTuning } from '../../../api/set-feed-tuning';

/** A tuning change made from a card, with what Undo needs. */
export interface TuningChange {
  /** Tells one change from the next (the notice restarts its clock). */
  key: number;
  kind: TuningKind;
  targetId: number;
  /** What the topic held before ('more' or 'less'), null if nothing (and for an author). */
  previous: 'more' | 'less' | null;
  message: string;
}

/** How long the notice with Undo stays (twice an ordinary notice's time: reading it and deciding takes longer). */
export const TUNING_NOTICE_MS = 10_000;

/** After More like this, Less like this or Mute: what changed, with Undo, at the bottom of the screen. */
export function TuningNotice({ change, userId, onDone }: { change: TuningChange; userId: string; onDone: () => void }) {
  const undo = useSetFeedTuning(userId);
  const { showNotice } = useNotice();
  useEffect(() => {
    const timer = setTimeout(onDone, TUNING_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [change.key, onDone]);

  const undoIt = () => {
    const back = change.previous && change.kind !== 'mute' ? { kind: change.previous, on: true } : { kind: change.kind, on: false };
    undo.mutate(
      { ...back, targetId: change.targetId },
      {
        onSuccess: (answer) => {
          onDone();
          showNotice(answer.message, 'success_light');
        },
      },
    );
  };

  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      <div
        role="status"
        data-testid="tuning-notice"
        className="pointer-events-auto flex max-w-lg items-center gap-3 rounded-xl bg-zinc-900 py-2.5 pl-4 pr-2 text-sm text-white shadow-xl dark:bg-zinc-100 dark:text-zinc-900"
      >
        <p className="min-w-0 flex-1">{change.message}</p>
        <button
          type="button"
          onClick={undoIt}
          disabled={undo.isPending}
          className="shrink-0 rounded-lg px-3 py-1.5 font-semibold text-indigo-300 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-indigo-400 disabled:opacity-60 dark:text-indigo-700 dark:hover:bg-zinc-900/10 dark:focus-visible:outline-indigo-600"
        >
          Undo
        </button>
        <button
          type="button"
          onClick={onDone}
          aria-label="Close"
          className="shrink-0 rounded-lg p-1.5 text-zinc-400 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400 dark:text-zinc-500 dark:hover:bg-zinc-900/10 dark:hover:text-zinc-900"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
