import { useState } from 'react';
import { LazyConfirmDialog } from '../../../components/LazyConfirmDialog';
import { useBlock, useIsBlocked } from '../../../components/use-block';

/**
 * The story's writer's Block (asked once more) or Unblock of an account elsewhere that wrote a comment
 * or reply on it (CommentAuthor.tsx BlockElsewhere: only they get it).
 */
export function BlockAccount({ viewerId, accountId, handle, name, className }: { viewerId: number; accountId: number; handle: string; name: string; className: string }) {
  const [confirming, setConfirming] = useState(false);
  const blocked = useIsBlocked(String(viewerId), accountId);
  const block = useBlock(String(viewerId));
  if (blocked) {
    return (
      <button type="button" className={className} disabled={block.isPending} onClick={() => block.mutate({ userId: accountId, block: false })}>
        Unblock {name}
      </button>
    );
  }
  return (
    <>
      <button type="button" className={className} disabled={block.isPending} onClick={() => setConfirming(true)}>
        Block {name}
      </button>
      <LazyConfirmDialog
        open={confirming}
        title={`Block ${handle}?`}
        message="They can no longer follow you, like, boost or reply to your stories, and you are not told of them. What they wrote here stays until you remove it."
        confirmLabel="Block"
        busy={block.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => block.mutate({ userId: accountId, block: true }, { onSettled: () => setConfirming(false) })}
      />
    </>
  );
}
