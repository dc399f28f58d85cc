import type { ReactNode } from 'react';
import type { InfiniteData } from '@tanstack/react-query';
import type { PostCard, PostPage } from '@inkwell/contract';
import { InfiniteList } from './InfiniteList';

interface FeedQuery {
  data: InfiniteData<PostPage> | undefined;
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** What For you adds to a card (use-for-you-tuning.tsx): why it is there, and the reader's tuning menu. */
export interface CardExtras {
  reason?: ReactNode;
  menu?: ReactNode;
}

/** A post's card; index 0 is the feed's first (its cover is fetched with high priority); `extras` only on For you. */
export type RenderPost = (post: PostCard, index: number, extras?: CardExtras) => ReactNode;

interface PostFeedListProps {
  query: FeedQuery;
  renderPost: RenderPost;
  emptyText: string;
  label: string;
}

/** One infinite list of post cards; load failures leave it empty with its empty text (SPEC §8). */
export function PostFeedList({ query, renderPost, emptyText, label }: PostFeedListProps) {
  const posts = query.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <InfiniteList
      items={posts}
      getKey={(post) => post.id}
      renderItem={renderPost}
      isLoading={query.isPending && !query.isError}
      hasNextPage={query.hasNextPage && !query.isError}
      isFetchingNextPage={query.isFetchingNextPage}
      fetchNextPage={() => void query.fetchNextPage()}
      emptyText={emptyText}
      label={label}
    />
  );
}
