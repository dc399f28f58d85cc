import { TEXT, paths, type PostCard } from '@inkwell/contract';
import { CommentsLink, LikeButton, SaveButton, ShareButton } from '../../../components/PostActionButtons';
import { useNotice } from '../../../components/NoticeProvider';
import { useSignInGate } from '../../../components/use-sign-in-gate';
import { waitingToRetry } from '../../../lib/busy-retry';
import { useLikePost } from '../api/like-post';
import { useSavePost } from '../api/save-post';
import { sharePost } from '../lib/share';

interface PostActionsProps {
  post: PostCard;
  /** Cards link their comment icon to the post's comments; the post page has them below. */
  showComments?: boolean;
}

/** Like, comments, share and save of one post (SPEC §2); visitors are sent to /login and brought back. */
export function PostActions({ post, showComments = true }: PostActionsProps) {
  const gate = useSignInGate();
  const like = useLikePost(post.id);
  const save = useSavePost(post.id);
  const { showNotice } = useNotice();

  return (
    <>
      <LikeButton
        liked={post.is_like}
        count={post.likes_count}
        pending={waitingToRetry(like)}
        onClick={() => {
          const session = gate();
          if (session) like.mutate({ user_id: Number(session.id), post_id: post.id, status: post.is_like ? 0 : 1 });
        }}
      />
      {showComments && <CommentsLink to={`${paths.viewPost.getHref(post.id)}#comments`} count={post.comments_count} />}
      <ShareButton
        onClick={() =>
          void sharePost(post).then((outcome) => {
            if (outcome === 'copied') showNotice(TEXT.linkCopied, 'success_light');
          })
        }
      />
      <SaveButton
        saved={post.is_saved}
        pending={waitingToRetry(save)}
        onClick={() => {
          const session = gate();
          if (session) save.mutate({ user_id: Number(session.id), post_id: post.id, save_unsave: post.is_saved ? 0 : 1 });
        }}
      />
    </>
  );
}
