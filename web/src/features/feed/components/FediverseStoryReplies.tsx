import { useId, useState, type FormEvent } from 'react';
import { relativeTime, type FediverseStory } from '@inkwell/contract';
import { Button } from '../../../components/Button';
import { isApiError } from '../../../lib/api-client';
import { COMMENT_MAX_LENGTH } from '../../../lib/limits';
import { LazyConfirmDialog } from '../../../components/LazyConfirmDialog';
import { useNow } from '../../../lib/use-now';
import { useDeleteFediverseStoryReply, useFediverseStoryReply } from '../api/fediverse-stories';

const textButton =
  'rounded-md px-1.5 py-1 text-sm font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-60 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';

type Reply = FediverseStory['replies'][number];

/** One of the member's replies: what they wrote, when, and Delete (asked once more). */
function OwnReply({ reply, viewerId }: { reply: Reply; viewerId: string }) {
  const now = useNow();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteFediverseStoryReply(viewerId);
  return (
    <li className="py-2">
      <p className="whitespace-pre-line break-words text-[15px] text-zinc-800 dark:text-zinc-200">{reply.body}</p>
      <div className="mt-1 flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <time dateTime={reply.created_at}>{relativeTime(reply.created_at, now)}</time>
        <button type="button" disabled={remove.isPending} onClick={() => setConfirming(true)} className={textButton}>
          Delete
        </button>
      </div>
      <LazyConfirmDialog
        open={confirming}
        title="Delete your reply?"
        message="It goes from here and is taken back from the server it was sent to."
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(reply.id, { onSettled: () => setConfirming(false) })}
      />
    </li>
  );
}

/**
 * The box a reply is written in. Not the comment form (components/CommentForm.tsx): this tab is only a
 * signed-in member's and only the app's, so it needs none of its sign-in detour, kept drafts or form
 * sent before the app starts; and sharing it would cut it out of the post page's first load into a
 * chunk of its own (scripts/bundle-budget.test.ts). A refusal shows under the box.
 */
function ReplyBox({ writer, busy, onSend, onCancel }: { writer: string; busy: boolean; onSend: (text: string) => Promise<unknown>; onCancel: () => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text.trim() === '') return;
    setError(null);
    onSend(text.trim()).catch((failure: unknown) => setError(isApiError(failure) ? (failure.field('reply') ?? failure.message) : 'Your reply could not be sent.'));
  };
  return (
    <form onSubmit={submit} className="mt-3 space-y-3">
      <label htmlFor={id} className="sr-only">
        Reply to {writer}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={`Reply to ${writer}…`}
        maxLength={COMMENT_MAX_LENGTH}
        rows={3}
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block w-full resize-y rounded-xl border border-zinc-300 bg-white px-4 py-3 text-base leading-6 text-zinc-900 placeholder:text-zinc-500 focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-600/30 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel} className="px-4 py-2">
          Cancel
        </Button>
        <Button type="submit" busy={busy} className="px-4 py-2">
          Reply
        </Button>
      </div>
    </form>
  );
}

/**
 * Replying to a story from the fediverse (issue 30): Reply opens a box; what is sent goes to the
 * story's writer there, and shows here under "Your replies" with Delete.
 */
export function FediverseStoryReplies({ story, viewerId, replying, onClose }: { story: FediverseStory; viewerId: string; replying: boolean; onClose: () => void }) {
  const send = useFediverseStoryReply(viewerId);
  const writer = story.account.name ?? story.account.handle;
  return (
    <>
      {replying && <ReplyBox writer={writer} busy={send.isPending} onCancel={onClose} onSend={(reply) => send.mutateAsync({ storyId: story.id, reply }).then(onClose)} />}
      {story.replies.length > 0 && (
        <section aria-label="Your replies" className="mt-3 border-l-2 border-zinc-200 pl-4 dark:border-zinc-800">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">Your replies</h3>
          <ul>
            {story.replies.map((reply) => (
              <OwnReply key={reply.id} reply={reply} viewerId={viewerId} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
