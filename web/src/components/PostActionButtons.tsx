import { Link } from 'react-router';
import { Bookmark, Heart, MessageCircle, Share2 } from 'lucide-react';

const iconButton =
  'inline-flex min-h-9 min-w-9 items-center justify-center gap-1.5 rounded-full px-2 text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';

/** The heart of SPEC §2: solid when liked; the count beside it; `pending` while a busy server's like waits to be sent again. */
export function LikeButton({ liked, count, pending, onClick }: { liked: boolean; count: number; pending?: boolean; onClick: () => void }) {
  return (
    <span className="inline-flex items-center">
      <button type="button" aria-label={liked ? 'Unlike' : 'Like'} title={liked ? 'Unlike' : 'Like'} aria-busy={pending} onClick={onClick} className={iconButton}>
        <Heart aria-hidden="true" className={`size-5 ${liked ? 'fill-rose-600 text-rose-600 dark:fill-rose-500 dark:text-rose-500' : ''}`} />
      </button>
      <span data-testid="likes-count" className="-ml-1 min-w-4 pr-1 text-sm tabular-nums text-zinc-600 dark:text-zinc-400">
        {count}
        <span className="sr-only"> {count === 1 ? 'like' : 'likes'}</span>
      </span>
    </span>
  );
}

/** The comment icon: goes to the post's comments. */
export function CommentsLink({ to, count }: { to: string; count?: number }) {
  return (
    <span className="inline-flex items-center">
      <Link to={to} aria-label="Comments" title="Comments" className={iconButton}>
        <MessageCircle aria-hidden="true" className="size-5" />
      </Link>
      {count !== undefined && (
        <span className="-ml-1 min-w-4 pr-1 text-sm tabular-nums text-zinc-600 dark:text-zinc-400">
          {count}
          <span className="sr-only"> {count === 1 ? 'comment' : 'comments'}</span>
        </span>
      )}
    </span>
  );
}

export function ShareButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" aria-label="Share" title="Share" onClick={onClick} className={iconButton}>
      <Share2 aria-hidden="true" className="size-5" />
    </button>
  );
}

/** The bookmark: solid when the post is saved; `pending` while a busy server's save waits to be sent again. */
export function SaveButton({ saved, pending, onClick }: { saved: boolean; pending?: boolean; onClick: () => void }) {
  const label = saved ? 'Remove from saved' : 'Save';
  return (
    <button type="button" aria-label={label} title={label} aria-busy={pending} onClick={onClick} className={iconButton}>
      <Bookmark aria-hidden="true" className={`size-5 ${saved ? 'fill-indigo-700 text-indigo-700 dark:fill-indigo-300 dark:text-indigo-300' : ''}`} />
    </button>
  );
}
