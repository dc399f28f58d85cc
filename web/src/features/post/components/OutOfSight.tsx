import { useHideWriting } from '../api/hide-writing';
import { BanToggle } from './BanToggle';

/*
 * This module is the lazy entry of the comments' parts that few readers need, one fetch for any of
 * them: besides what is out of sight below, who may comment on a story (WhoMayComment.tsx) and the
 * story's writer's Block of an account elsewhere (BlockAccount.tsx); with Hide, their Ban (BanToggle.tsx).
 */
export { default as CommentsGate } from './WhoMayComment';
export { BlockAccount } from './BlockAccount';

/*
 * What the post page shows of a comment or reply out of others' sight (issue 47), in a chunk of its
 * own: only a reader who may see such a writing, or the story's writer, needs it (CommentThread's
 * lazy parts), so the page's first load carries none of it.
 */

const LABELS = {
  held: 'Held for review: only you can see this until a moderator has looked at it.',
  moderators: 'Hidden by the moderators: only you can see this. Your notifications say why.',
  author: 'Hidden by the story’s writer: only you and they can see this.',
  mine: 'Hidden by you: only you and its writer can see this.',
} as const;

/**
 * Why a writing is out of others' sight, told to who may still see it: its writer's own held for
 * review or hidden by the moderators or by the story's writer; for the story's writer, what they hid
 * (`mine`).
 */
export function HeldLabel({ why, mine }: { why: 'held' | 'moderators' | 'author'; mine: boolean }) {
  return (
    <p
      data-testid="held"
      className="mt-2 inline-flex items-center gap-1.5 rounded-md bg-amber-50 px-2 py-1 text-xs font-medium text-amber-900 ring-1 ring-amber-200 ring-inset dark:bg-amber-950/60 dark:text-amber-200 dark:ring-amber-800"
    >
      {LABELS[why === 'author' && mine ? 'mine' : why]}
    </p>
  );
}

interface HideToggleProps {
  kind: 'comment' | 'reply';
  id: number;
  postId: number;
  /** Hidden by the story's writer now. */
  hidden: boolean;
  className: string;
  /** The story's writer, and who wrote this when it is someone else: they may ban them from their stories (BanToggle). */
  writerId: number;
  reader: { id: number; name: string } | null;
}

/**
 * The story's writer's Hide (or Show again) on a comment or reply on their story (issue 47, ADR 0113):
 * out of every other reader's sight, kept for its writer; and on someone else's, their Ban (ADR 0116).
 */
export function HideToggle({ kind, id, postId, hidden, className, writerId, reader }: HideToggleProps) {
  const change = useHideWriting(postId);
  return (
    <>
      <button type="button" className={className} disabled={change.isPending} onClick={() => change.mutate({ kind, id, hidden: !hidden })}>
        {hidden ? 'Show again' : 'Hide'} <span className="sr-only">this {kind}</span>
      </button>
      {reader && <BanToggle writerId={writerId} reader={reader} className={className} />}
    </>
  );
}
