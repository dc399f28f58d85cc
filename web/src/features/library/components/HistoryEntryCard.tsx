import type { ReactNode } from 'react';
import { X } from 'lucide-react';
import { relativeTime, type HistoryEntry, type PostCard as PostCardData } from '@inkwell/contract';
import { AuthorHoverCard } from '../../../components/AuthorHoverCard';
import { PostCard, postTitle } from '../../../components/PostCard';

/**
 * How a history entry's card is drawn when the app gives one (app/routes/library.tsx: the card with its
 * like, comment, share and save), with the entry's "Opened …" line and its Remove button.
 */
export type RenderHistoryCard = (post: PostCardData, parts: { priority: boolean; reason: ReactNode; menu: ReactNode }) => ReactNode;

interface HistoryEntryCardProps {
  entry: HistoryEntry;
  renderCard?: RenderHistoryCard;
  now: Date;
  priority: boolean;
  removing: boolean;
  onRemove: (postId: number) => void;
}

/** One story of the reading history: the card every list shows, when it was last opened, and Remove (where an owner's menu would be). */
export function HistoryEntryCard({ entry, renderCard, now, priority, removing, onRemove }: HistoryEntryCardProps) {
  const { post } = entry;
  const reason = (
    <p data-testid="history-opened" className="mb-2 truncate text-[13px] font-medium text-zinc-500 dark:text-zinc-400">
      Opened <time dateTime={entry.read_at}>{relativeTime(entry.read_at, now)}</time>
    </p>
  );
  const menu = (
    <button
      type="button"
      aria-label={`Remove “${postTitle(post.title)}” from your history`}
      aria-disabled={removing || undefined}
      onClick={() => {
        if (!removing) onRemove(post.id);
      }}
      className="inline-flex shrink-0 items-center gap-1 rounded-full border border-zinc-300 px-2.5 py-1 text-[13px] font-semibold text-zinc-700 transition-colors hover:bg-zinc-50 hover:text-zinc-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 aria-disabled:cursor-wait aria-disabled:opacity-60 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-50"
    >
      <X aria-hidden="true" className="size-3.5" />
      Remove
    </button>
  );
  if (renderCard) return renderCard(post, { priority, reason, menu });
  return <PostCard post={post} priority={priority} reason={reason} author={<AuthorHoverCard author={post.author} elsewhere={post.elsewhere} />} actions={null} menu={menu} />;
}
