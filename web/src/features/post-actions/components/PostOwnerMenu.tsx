import { useState } from 'react';
import { paths } from '@inkwell/contract';
import { LazyConfirmDialog } from '../../../components/LazyConfirmDialog';
import { OptionsMenu } from '../../../components/OptionsMenu';
import { useDeletePost } from '../api/delete-post';

/** The owner's options (SPEC §2): Edit → /edit-post/{id}, Delete after a confirmation. */
export function PostOwnerMenu({ postId, onDeleted }: { postId: number; onDeleted?: () => void }) {
  const [confirming, setConfirming] = useState(false);
  // Leaving the screen after a delete (the post page): its notice comes along.
  const remove = useDeletePost({ carryNotice: onDeleted !== undefined });
  return (
    <>
      <OptionsMenu
        label="Post options"
        items={[
          { label: 'Edit', to: paths.editPost.getHref(postId) },
          { label: 'Delete', danger: true, onSelect: () => setConfirming(true) },
        ]}
      />
      <LazyConfirmDialog
        open={confirming}
        title="Delete this post?"
        message="The post, its likes and its comments will be gone for good."
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(postId, {
            onSuccess: () => {
              setConfirming(false);
              onDeleted?.();
            },
            onError: () => setConfirming(false),
          })
        }
      />
    </>
  );
}
