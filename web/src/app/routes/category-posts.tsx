import { useParams } from 'react-router';
import { CategoryFeed } from '../../features/feed/components/CategoryFeed';
import { PostCardWithActions } from '../../features/post-actions/components/PostCardWithActions';
import { FollowTopic } from '../../features/recommendation/components/FollowTopic';
import NotFoundRoute from './not-found';
import { categoriesQueryOptions } from '../../api/categories';
import { categoryPostsQueryOptions } from '../../features/feed/api/category-posts';
import { userCategoriesQueryOptions } from '../../api/user-categories';
import { type Screen, idParam } from '../screen';

/** Rendered for a signed-in reader (SPEC §2: session required); a visitor gets the shell, which sends them to Login. */
export const screen: Screen = {
  render: 'members',
  load: ({ params, client, viewerId }) => {
    const categoryId = idParam(params.catogary);
    if (categoryId === null) return [];
    return [
      client.prefetchQuery(categoriesQueryOptions()),
      client.prefetchInfiniteQuery(categoryPostsQueryOptions(categoryId, viewerId)),
      // Whether the reader follows the topic (its Follow button).
      ...(viewerId ? [client.prefetchQuery(userCategoriesQueryOptions(viewerId))] : []),
    ];
  },
};

export default function CategoryPostsRoute() {
  const categoryId = idParam(useParams().catogary);
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
