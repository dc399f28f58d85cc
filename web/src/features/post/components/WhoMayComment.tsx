import { useId } from 'react';
import { CommentsFromSelect } from '../../../components/CommentsFromSelect';
import { Link, useLocation } from 'react-router';
import { COMMENTS_BANNED, COMMENTS_CLOSED, type CommentsFrom, paths } from '@inkwell/contract';
import { useSetCommentsFrom } from '../api/comments-from';
import { useHydrating } from '../../../lib/use-hydrating';

/*
 * Who may comment on a story (issue 47, ADR 0115), in the chunk of the comments' parts for few readers
 * (OutOfSight.tsx, which CommentsSection loads lazily): only a story not open to anyone, or its writer,
 * needs it, so the post page's first load carries none of it.
 */

/** Why a reader may not comment here: the writer banned them from their stories, or lets only others comment on this one. */
export type Closed = Exclude<CommentsFrom, 'anyone'> | 'banned';

/** Where the comment box would be, for a reader who may not comment: why, and who may. */
function CommentsClosed({ to, visitor }: { to: Closed; visitor: boolean }) {
  // Back to this story's comments once signed in (as RequireSession remembers where one was going).
  const { pathname, search } = useLocation();
  return (
    <p data-testid="comments-closed" className="mt-5 rounded-lg bg-zinc-50 px-4 py-3 text-sm text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
      {to === 'banned' ? COMMENTS_BANNED : COMMENTS_CLOSED[to]}
      {/* A visitor may be one of them: signed in, the page says whether they may. */}
      {visitor && (to === 'followers' || to === 'subscribers') && (
        <>
          {' '}
          <Link to={paths.login.getHref()} state={{ from: { pathname, search, hash: '#comments' } }} className="font-medium text-indigo-700 underline dark:text-indigo-300">
            Log in
          </Link>
        </>
      )}
    </p>
  );
}

/**
 * The story's writer says who may comment on it: anyone, their followers, their newsletter's
 * subscribers, or nobody. What was said before stays; the writer may always comment.
 */
function WhoMayComment({ postId, from }: { postId: number; from: CommentsFrom }) {
  const id = useId();
  const change = useSetCommentsFrom(postId);
  const shown = change.isPending ? change.variables : from;
  // Disabled until the app can save a change (as served, and while hydrating): a choice made before would be lost.
  const hydrating = useHydrating();
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
      <label htmlFor={id}>Who can comment on this story</label>
      <CommentsFromSelect id={id} data-testid="who-may-comment" value={shown} disabled={hydrating || change.isPending} onChoose={(choice) => change.mutate(choice)} />
    </div>
  );
}

/** What a story not open to anyone shows where the comment box would be, and its writer's choice. */
export default function CommentsGate({ postId, from, writer, visitor, closed }: { postId: number; from: CommentsFrom; writer: boolean; visitor: boolean; closed: Closed | null }) {
  return (
    <>
      {writer && <WhoMayComment postId={postId} from={from} />}
      {closed && <CommentsClosed to={closed} visitor={visitor} />}
    </>
  );
}
