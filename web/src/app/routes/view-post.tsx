import { useParams } from 'react-router';
import { decodeId } from '@inkwell/contract';
import { CategoryLink } from '../../features/feed/components/CategoryLink';
import { PostNotFound } from '../../features/post/components/PostNotFound';
import { PostPage } from '../../features/post/components/PostPage';
import { FollowButton } from '../../features/post-actions/components/FollowButton';
import { PostCardWithActions } from '../../features/post-actions/components/PostCardWithActions';
import { PostPageActions } from '../../features/post-actions/components/PostPageActions';

export default function ViewPostRoute() {
  const postId = decodeId(useParams().id ?? '');
  if (postId === null) return <PostNotFound />;
  return (
    <PostPage
      key={postId}
      postId={postId}
      renderActions={(post) => <PostPageActions post={post} />}
      renderFollow={(authorId, open) => <FollowButton authorId={authorId} active={open} />}
      renderAuthorFollow={(authorId) => <FollowButton authorId={authorId} active size="compact" />}
      renderPost={(post) => <PostCardWithActions post={post} />}
      renderCategory={(categoryId) => <CategoryLink categoryId={categoryId} />}
    />
  );
}
