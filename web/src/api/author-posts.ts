import { useInfiniteQuery } from '@tanstack/react-query';
import * as endpoints from '@inkwell/contract/calls';
import { pagedPostsOptions, postPages, viewerBody } from './paged';

/** POST /api/user/author-posts {author_id, user_id?}: one author's posts (the Library: one's own). */
export const authorPostsQueryOptions = (authorId: number, viewerId: string | undefined) =>
  pagedPostsOptions(['posts', 'author', authorId, viewerId ?? 'visitor'], postPages(endpoints.authorPosts, { author_id: authorId, ...viewerBody(viewerId) }));

export function useAuthorPosts(authorId: number, viewerId: string | undefined) {
  return useInfiniteQuery(authorPostsQueryOptions(authorId, viewerId));
}
