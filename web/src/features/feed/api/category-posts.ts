import { useInfiniteQuery } from '@tanstack/react-query';
import * as endpoints from '@inkwell/contract/calls';
import { api } from '../../../lib/api-client';
import { pagedPostsOptions, viewerBody } from '../../../api/paged';

/** POST /api/user/categories-name {category_id, user_id?}: answers {posts: {data, next_page_url}}. */
export const categoryPostsQueryOptions = (categoryId: number, viewerId: string | undefined) =>
  pagedPostsOptions(
    ['posts', 'category', categoryId, viewerId ?? 'visitor'],
    async (url, signal) => (await api(endpoints.categoriesName, { category_id: categoryId, ...viewerBody(viewerId) }, { url, signal })).posts,
  );

export function useCategoryPosts(categoryId: number, viewerId: string | undefined, enabled = true) {
  return useInfiniteQuery({ ...categoryPostsQueryOptions(categoryId, viewerId), enabled });
}
