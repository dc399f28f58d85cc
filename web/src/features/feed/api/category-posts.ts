import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pagedPostsOptions, viewerBody } from '../../../api/paged';

/** POST /api/user/categories-name {category_id, user_id?}: answers {posts: {data, next_page_url}}. */
export const categoryPostsQueryOptions = (categoryId: number, viewerId: string | undefined) =>
  pagedPostsOptions(
    ['posts', 'category', categoryId, viewerId ?? 'visitor'],
    'categories-name',
    { category_id: categoryId, ...viewerBody(viewerId) },
    async (url, body, signal) => (await apiRequest(url, { body, schema: 'categoryPostsResponse', signal })).posts,
  );

export function useCategoryPosts(categoryId: number, viewerId: string | undefined, enabled = true) {
  return useInfiniteQuery({ ...categoryPostsQueryOptions(categoryId, viewerId), enabled });
}
