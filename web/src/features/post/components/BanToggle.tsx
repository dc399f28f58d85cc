import { useState } from 'react';
import { useCommentBans, useSetCommentBan } from '../../../api/comment-bans';
import { LazyConfirmDialog } from '../../../components/LazyConfirmDialog';
import { useHydrating } from '../../../lib/use-hydrating';

/**
 * The story's writer's Ban, beside a comment or reply of someone else on their story (issue 47, ADR
 * 0116): asked once more, it stops that reader from commenting on any of the writer's stories; a
 * banned reader's shows Lift the ban instead. Whom the writer banned is asked once the page runs (not
 * while it is served or hydrated), so the button comes then.
 */
export function BanToggle({ writerId, reader, className }: { writerId: number; reader: { id: number; name: string }; className: string }) {
  const hydrating = useHydrating();
  const bans = useCommentBans(String(writerId), !hydrating);
  const set = useSetCommentBan(String(writerId));
  const [confirming, setConfirming] = useState(false);
  if (!bans.data) return null;
  if (bans.data.data.some((person) => person.id === reader.id)) {
    return (
      <button type="button" className={className} disabled={set.isPending} onClick={() => set.mutate({ readerId: reader.id, banned: false })}>
        Lift the ban <span className="sr-only">on {reader.name}</span>
      </button>
    );
  }
  return (
    <>
      <button type="button" className={className} disabled={set.isPending} onClick={() => setConfirming(true)}>
        Ban <span className="sr-only">{reader.name} from commenting on your stories</span>
      </button>
      <LazyConfirmDialog
        open={confirming}
        title={`Ban ${reader.name} from your stories?`}
        message="They can no longer comment or reply on any of your stories. They can still read and like them, and what they wrote stays until you hide or delete it. You can lift the ban in Settings."
        confirmLabel="Ban"
        busy={set.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => set.mutate({ readerId: reader.id, banned: true }, { onSettled: () => setConfirming(false) })}
      />
    </>
  );
}
