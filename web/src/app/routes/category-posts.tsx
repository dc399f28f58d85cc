import { useParams } from 'react-router';
import { decodeId } from '@inkwell/contract';
import { CategoryFeed } from '../../features/feed/components/CategoryFeed';
import { PostCardWithActions } from '../../features/post-actions/components/PostCardWithActions';
import { FollowTopic } from '../../features/recommendation/components/FollowTopic';
import NotFoundRoute from './not-found';

export default function CategoryPostsRoute() {
  const categoryId = decodeId(useParams().catogary ?? '');
  if (categoryId === null) return <NotFoundRoute />;
  return (
    <CategoryFeed
      key={categoryId}
      categoryId={categoryId}
      action={<FollowTopic categoryId={categoryId} />}
      renderPost={(post, index) => <PostCardWithActions post={post} priority={index === 0} />}
    />
  );
}
