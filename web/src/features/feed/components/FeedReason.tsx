import type { FeedReason } from '@inkwell/contract';

/** What a For you card says of why it is there (issue 13). */
export function reasonText(reason: FeedReason): string {
  const topic = reason.topic?.name ?? 'this topic';
  switch (reason.kind) {
    case 'topic':
      return `Because you follow ${topic}`;
    case 'more':
      return `Because you asked for more ${topic}`;
    case 'author':
      return `From ${reason.author?.name?.trim() || 'an author'}, whom you follow`;
    case 'popular':
      return `Popular in ${topic}`;
    default:
      return 'New on Inkwell';
  }
}

/** The small line above a For you card's author: why this story. */
export function FeedReasonLine({ reason }: { reason: FeedReason }) {
  return (
    <p data-testid="feed-reason" className="mb-2 truncate text-[13px] font-medium text-zinc-500 dark:text-zinc-400">
      <span className="sr-only">Why this story: </span>
      {reasonText(reason)}
    </p>
  );
}
