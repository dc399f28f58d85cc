import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FediverseStoriesPage } from '@inkwell/contract';
import * as endpoints from '@inkwell/contract/calls';
import { api } from '../../../lib/api-client';

/** POST /api/user/fediverse-following/stories {user_id, cursor?}: stories of the accounts elsewhere the member follows, newest first. */
export const fediverseStoriesQueryOptions = (viewerId: string) =>
  infiniteQueryOptions({
    queryKey: ['fediverse-stories', viewerId],
    queryFn: ({ pageParam, signal }): Promise<FediverseStoriesPage> =>
      api(endpoints.fediverseStories, { user_id: Number(viewerId), ...(pageParam === null ? {} : { cursor: pageParam }) }, { signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last: FediverseStoriesPage) => last.next_cursor ?? undefined,
    staleTime: 30_000,
  });

export const useFediverseStories = (viewerId: string) => useInfiniteQuery(fediverseStoriesQueryOptions(viewerId));
