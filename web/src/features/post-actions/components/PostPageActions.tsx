import { useNavigate } from 'react-router';
import { paths, type PostCard } from '@inkwell/contract';
import { useSession } from '../../../lib/session';
import { PostActions } from './PostActions';
import { PostOwnerMenu } from './PostOwnerMenu';

/** The post page's bar: like, comments, share, save, and the owner's menu (a delete goes home). */
export function PostPageActions({ post }: { post: PostCard }) {
  const session = useSession();
  const navigate = useNavigate();
  const isOwner = session !== null && Number(session.id) === post.user_id;
  return (
    <>
      <div className="-ml-2 flex items-center gap-0.5">
        <PostActions post={post} />
      </div>
      {isOwner && <PostOwnerMenu postId={post.id} onDeleted={() => navigate(paths.home.getHref(), { replace: true })} />}
    </>
  );
}
